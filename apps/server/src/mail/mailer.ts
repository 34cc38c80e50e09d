import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/**
 * Hands one message on; throws when it is not accepted. Says whether it was sent, or only
 * written to the log (no SMTP_URL), so that the log never calls a logged message sent.
 */
export type MailTransport = (mail: OutgoingMail & { from: string }) => Promise<'sent' | 'logged'>;

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** The waits before each retry; a message gets one attempt more than there are waits. */
  retryDelaysMs?: readonly number[];
  /** How long connecting, the greeting and each exchange with the mail server may take. */
  timeoutMs?: number;
};

const RETRY_DELAYS_MS = [5_000, 30_000, 120_000];
const TIMEOUT_MS = 15_000;

function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  // The library's own timeouts do not cover a server that takes the message and then never
  // answers (seen with nodemailer 8), so the whole exchange gets a deadline of its own.
  return async (mail) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the mail server did not answer within ${timeoutMs * 2} ms`)),
        timeoutMs * 2,
      );
    });
    try {
      await Promise.race([transporter.sendMail(mail), deadline]);
      return 'sent';
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Without SMTP_URL the message is written to the log at warn level, link included, so that a
 * single-machine install can still pass a reset link on; the README says so.
 */
function logTransport(log: FastifyBaseLogger): MailTransport {
  return async (mail) => {
    log.warn(
      { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
      'mail: SMTP_URL is not set, so this message was written here instead of sent',
    );
    return 'logged';
  };
}

/**
 * Sends mail in the background: `send` returns at once, and a message the server does not take
 * is tried again after each of the retry delays, then given up on with an error in the log. No
 * caller ever waits on the mail server.
 */
export class Mailer {
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly retryDelaysMs: readonly number[];
  private readonly pending = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(
    options: MailerOptions,
    private readonly log: FastifyBaseLogger,
    transport?: MailTransport,
  ) {
    this.transport =
      transport ??
      (options.smtpUrl
        ? smtpTransport(options.smtpUrl, options.timeoutMs ?? TIMEOUT_MS)
        : logTransport(log));
    this.from = options.from;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  send(mail: OutgoingMail): void {
    const delivery = this.deliver(mail).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Stops waiting for retries; a message still waiting is logged as not sent. */
  async close() {
    this.closing.abort();
    await Promise.all(this.pending);
  }

  private async deliver(mail: OutgoingMail) {
    const attempts = this.retryDelaysMs.length + 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await this.transport({ ...mail, from: this.from });
        if (outcome === 'sent') this.log.info({ to: mail.to, attempt }, 'mail: sent');
        return;
      } catch (error) {
        const delay = this.retryDelaysMs[attempt - 1];
        if (delay === undefined || this.closing.signal.aborted) {
          this.log.error(
            { err: error, to: mail.to, subject: mail.subject, attempts: attempt },
            'mail: not sent, giving up',
          );
          return;
        }
        this.log.warn(
          { err: error, to: mail.to, attempt, of: attempts, retryInMs: delay },
          'mail: not sent, will retry',
        );
        try {
          await sleep(delay, undefined, { signal: this.closing.signal });
        } catch {
          this.log.error(
            { to: mail.to, subject: mail.subject, attempts: attempt },
            'mail: not sent, the server is stopping',
          );
          return;
        }
      }
    }
  }
}
