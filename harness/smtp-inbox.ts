import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

/**
 * 'ok' takes every message; 'refuse' answers each with a temporary failure (451), as a mail
 * server in trouble does; 'stall' takes the connection and never answers the message.
 */
export type InboxMode = 'ok' | 'refuse' | 'stall';

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;

function received(mail: ParsedMail): ReceivedMail {
  const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address ?? ''));
  return {
    to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) that keeps what it is sent, for the server's
 * tests and the end-to-end tests: `url` is what SMTP_URL is set to. Counts every message the
 * client tried to hand over, taken or not, in `attempts`. With `saveTo`, each message is also
 * written there as a JSON file, for tests in other processes (readSavedMail).
 */
export async function startSmtpInbox(options: { mode?: InboxMode; saveTo?: string } = {}) {
  let mode: InboxMode = options.mode ?? 'ok';
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A stalled client must not hold the test's end for the default 30 seconds.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      attempts += 1;
      if (mode === 'stall') {
        stream.resume();
        return;
      }
      if (mode === 'refuse') {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const message = received(mail);
          messages.push(message);
          if (options.saveTo) {
            const file = path.join(
              options.saveTo,
              `${String(messages.length).padStart(5, '0')}.json`,
            );
            fs.writeFileSync(file, JSON.stringify(message));
          }
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return attempts;
    },
    setMode(next: InboxMode) {
      mode = next;
    },
    /** The next message to `to` that arrives (or has arrived) after `after` messages. */
    async waitFor(to: string, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(after).find((mail) => mail.to.includes(to.toLowerCase()));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token in a mail's link. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

/** The messages an inbox started with `saveTo` has written to `dir`, oldest first. */
export function readSavedMail(dir: string): ReceivedMail[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}
