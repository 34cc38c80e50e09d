import { escapeHtml } from '../lib/html.js';
import type { OutgoingMail } from './mailer.js';

export type ResetMailInput = {
  to: string;
  username: string;
  siteName: string;
  publicUrl: string;
  link: string;
  validMinutes: number;
};

/** The two languages of the site; the mail says everything in both, English first. */
function paragraphs(input: ResetMailInput) {
  const { username, siteName, publicUrl, validMinutes } = input;
  return {
    en: {
      greeting: `Hello ${username},`,
      body: `Someone (hopefully you) asked to set a new password for your ${siteName} account at ${publicUrl}. Open this link to choose one; it works once and for ${validMinutes} minutes:`,
      ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
    id: {
      greeting: `Halo ${username},`,
      body: `Seseorang (semoga Anda) meminta kata sandi baru untuk akun ${siteName} Anda di ${publicUrl}. Buka tautan ini untuk memilihnya; tautan hanya berlaku sekali dan selama ${validMinutes} menit:`,
      ignore: 'Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tidak berubah.',
    },
  };
}

/** The password reset mail: plain text and simple HTML, in English and Indonesian. */
export function resetMail(input: ResetMailInput): OutgoingMail {
  const { en, id } = paragraphs(input);
  const subject = `${input.siteName}: set a new password / atur kata sandi baru`;
  const text = [
    en.greeting,
    '',
    en.body,
    input.link,
    '',
    en.ignore,
    '',
    '---',
    '',
    id.greeting,
    '',
    id.body,
    input.link,
    '',
    id.ignore,
    '',
    `${input.siteName} · ${input.publicUrl}`,
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const section = (lang: 'en' | 'id', words: typeof en) =>
    `<div lang="${lang}"><p>${escapeHtml(words.greeting)}</p><p>${escapeHtml(words.body)}</p>` +
    `<p><a href="${link}">${link}</a></p><p>${escapeHtml(words.ignore)}</p></div>`;
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
    `${section('en', en)}<hr>${section('id', id)}` +
    `<p><a href="${escapeHtml(input.publicUrl)}">${escapeHtml(input.siteName)}</a></p>` +
    `</body></html>`;
  return { to: input.to, subject, text, html };
}
