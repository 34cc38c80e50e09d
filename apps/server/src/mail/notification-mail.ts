import { escapeHtml } from '../lib/html.js';
import type { OutgoingMail } from './mailer.js';

export type NotificationMailInput = {
  to: string;
  username: string;
  title: string;
  message: string;
  siteName: string;
  publicUrl: string;
};

/**
 * A personal notification (a price alert that fired, income that arrived) as a mail: its title
 * as the subject, and where to turn such mails off.
 */
export function notificationMail(input: NotificationMailInput): OutgoingMail {
  const { username, title, message, siteName, publicUrl } = input;
  const alertsUrl = `${publicUrl.replace(/\/+$/, '')}/alerts`;
  const footer = `You get this mail because you asked for it on ${siteName}. Turn it off on the alerts page:`;
  const text = [
    `Hello ${username},`,
    '',
    title,
    message,
    '',
    footer,
    alertsUrl,
    '',
    `${siteName} · ${publicUrl}`,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(`Hello ${username},`)}</p>` +
    `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(message)}</p>` +
    `<p>${escapeHtml(footer)} <a href="${escapeHtml(alertsUrl)}">${escapeHtml(alertsUrl)}</a></p>` +
    `<p><a href="${escapeHtml(publicUrl)}">${escapeHtml(siteName)}</a></p>` +
    `</body></html>`;
  return { to: input.to, subject: `${siteName}: ${title}`, text, html };
}
