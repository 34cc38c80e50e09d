import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { RESET_TOKEN_REFUSED } from '@nexusplay/contract/account';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { resetMail } from '../../mail/reset-mail.js';
import { getUserByEmail, setPasswordHash } from '../users/users.repository.js';
import type { FailureStore } from './login-throttle.js';
import { passwordProblem } from './password-policy.js';
import { hashPassword } from './passwords.js';
import {
  consumeReset,
  findLiveReset,
  hasResetExpiringAfter,
  replaceReset,
} from './password-resets.repository.js';
import type { SessionCache } from './session-cache.js';
import { endAllSessions } from './sessions.repository.js';

type DB = Kysely<Database>;

export const RESET_VALID_MINUTES = 30;
/** Reset mails one email address is sent per hour, however many addresses ask for it. */
export const RESET_MAILS_PER_EMAIL = 3;
const RESET_MAIL_WINDOW_SECONDS = 3600;
/**
 * A "forgot password" request while the account's link is younger than this sends nothing and
 * keeps that link: the owner may be opening the mail just sent, and a stranger repeating the
 * request must not void it or spend the mail quota.
 */
export const RESET_RESEND_AFTER_MINUTES = 5;

export type ResetDeps = {
  db: DB;
  mailer: Mailer;
  store: FailureStore;
  log: FastifyBaseLogger;
  site: { siteName: string; publicUrl: string };
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes a new reset link for the user (the older one stops working) and mails it. The token is
 * 32 random bytes; only its SHA-256 is stored, so a copy of the database opens no account. With
 * `keepIssuedAfter`, a link issued after that time is kept instead and nothing is mailed; the
 * answer says whether a mail went.
 */
export async function sendResetLink(
  deps: ResetDeps,
  user: { id: number; email: string; username: string },
  keepIssuedAfter?: number,
): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  const validSeconds = RESET_VALID_MINUTES * 60;
  const stored = await replaceReset(
    deps.db,
    user.id,
    hashToken(token),
    nowSeconds() + validSeconds,
    keepIssuedAfter === undefined ? undefined : keepIssuedAfter + validSeconds,
  );
  if (!stored) return false;
  const link = `${deps.site.publicUrl}/reset-password?token=${token}`;
  deps.mailer.send(
    resetMail({
      to: user.email,
      username: user.username,
      ...deps.site,
      link,
      validMinutes: RESET_VALID_MINUTES,
    }),
  );
  return true;
}

/**
 * "Forgot password": everything that depends on whether the email has an account happens after
 * the answer, so the answer and its timing are the same either way.
 */
export function requestPasswordReset(deps: ResetDeps, email: string): void {
  setImmediate(() => {
    resetIfKnown(deps, email).catch((error: unknown) =>
      deps.log.error({ err: error }, 'password reset: the request failed'),
    );
  });
}

async function resetIfKnown(deps: ResetDeps, email: string) {
  const user = await getUserByEmail(deps.db, email);
  if (!user) return;
  // A link issued lately stays the one that works, and costs no mail of the quota.
  const recently = nowSeconds() - RESET_RESEND_AFTER_MINUTES * 60;
  if (await hasResetExpiringAfter(deps.db, user.id, recently + RESET_VALID_MINUTES * 60)) {
    deps.log.info({ userId: user.id }, 'password reset: a link was sent lately; none sent now');
    return;
  }
  // Keyed by the account, not its email, so that no email stays in the store after a deletion.
  const key = `reset-mail:${user.id}`;
  if (!(await deps.store.reserve([key], RESET_MAILS_PER_EMAIL, RESET_MAIL_WINDOW_SECONDS))) {
    deps.log.warn({ userId: user.id }, 'password reset: mail limit reached for this account');
    return;
  }
  // A request racing this one may have stored its link first: then this one sends nothing, and
  // gives back its place in the quota, which counts mails sent.
  if (!(await sendResetLink(deps, user, recently))) await deps.store.release([key]);
}

/** Whether a reset link can still set a password: a read, which leaves the link as it was. */
export async function isResetUsable(db: DB, token: string): Promise<boolean> {
  return (await findLiveReset(db, hashToken(token), nowSeconds())) !== undefined;
}

/**
 * Sets the password a live reset link allows, once; every session of the account ends. The site's
 * name is among the words the password is judged against.
 */
export async function resetPassword(
  db: DB,
  sessions: SessionCache,
  token: string,
  newPassword: string,
  siteName?: string,
) {
  const tokenHash = hashToken(token);
  const user = await findLiveReset(db, tokenHash, nowSeconds());
  if (!user) throw badRequest(RESET_TOKEN_REFUSED, { token: RESET_TOKEN_REFUSED });
  const weak = await passwordProblem(newPassword, { ...user, siteName });
  if (weak) throw badRequest(weak, { new_password: weak });
  const passwordHash = await hashPassword(newPassword);
  const userId = await db.transaction().execute(async (trx) => {
    const reset = await consumeReset(trx, tokenHash, nowSeconds());
    if (reset === undefined) throw badRequest(RESET_TOKEN_REFUSED, { token: RESET_TOKEN_REFUSED });
    await setPasswordHash(trx, reset, passwordHash);
    await endAllSessions(trx, reset, 'password-changed');
    return reset;
  });
  await sessions.ended([{ userId }]);
}
