import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { notificationMail } from '../../mail/notification-mail.js';
import { claimMail, pendingMails } from './notifications.repository.js';

/** How often every instance looks for notifications waiting to be mailed. */
const SWEEP_EVERY_MS = 5_000;
/** The most mails one look takes; the rest wait for the next look. */
const BATCH = 20;
/** The pause between two mails handed to the mailer, so a burst does not flood the server. */
const PACE_MS = 50;

export type MailOutboxDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: { siteName: string; publicUrl: string };
  everyMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mails the personal notifications marked mail_pending (a price alert with mail on, income that
 * arrived for a user who asked for mail). Runs on every instance: each mail is claimed by one
 * conditional update before it is handed to the mailer, so it is sent once among them. The
 * mailer retries a message the mail server refuses (after 5 s, 30 s and 2 min), then logs it as
 * given up: a mail is sent at most once, never twice, and one that failed every try, or that
 * an instance stopping mid-retry held, is not sent (the notification stays in the bell).
 */
export function mailOutbox({ db, mailer, log, site, everyMs = SWEEP_EVERY_MS }: MailOutboxDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const sweep = async () => {
    do {
      again = false;
      const waiting = await pendingMails(db, BATCH);
      for (const [index, mail] of waiting.entries()) {
        if (stopped) return;
        if (!(await claimMail(db, mail.id))) continue;
        if (index > 0) await sleep(PACE_MS);
        mailer.send(
          notificationMail({
            to: mail.email,
            username: mail.username,
            title: mail.title,
            message: mail.message,
            ...site,
          }),
        );
      }
      // A full batch: there may be more waiting.
      if (waiting.length === BATCH) again = true;
    } while (again && !stopped);
  };

  /** Looks for mail now (one look at a time; a call during one makes another after it). */
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'mail outbox: look failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    kick,
    start() {
      timer = setInterval(kick, everyMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
