import type { Kysely } from 'kysely';
import { usernameKey } from '@nexusplay/contract/users';
import type { Database, Engine } from '../../db/schema.js';
import { badRequest } from '../../lib/app-error.js';
import { passwordProblem } from '../auth/password-policy.js';
import { dropResets } from '../auth/password-resets.repository.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionCache } from '../auth/session-cache.js';
import { endAllSessions } from '../auth/sessions.repository.js';
import {
  getSessionGeneration,
  getUserByEmail,
  setPasswordHash,
} from '../users/users.repository.js';
import { endEverySession } from '../auth/sessions.service.js';
import { deleteAccount } from '../users/users.service.js';
import { exportAccount } from './account-export.js';

type DB = Kysely<Database>;

/** What the account's door needs, given once. */
export type AccountDeps = {
  db: DB;
  engine: Engine;
  sessions: SessionCache;
  throttle: LoginThrottle;
  siteName?: string;
};
type Identity = { id: number; email: string; username: string };

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
export const CONFIRMATION_WRONG = 'Type your username exactly to confirm.';

/**
 * The caller's own password, checked under the sign-in throttle: a stolen session must not become
 * a way around the limit on guessing it. A wrong one is a 400 on `field`, not a 401, which would
 * end the session in the web app.
 */
export async function checkOwnPassword(
  db: DB,
  throttle: LoginThrottle,
  check: { ip: string; user: Identity; password: string; field: string },
) {
  const { ip, user, password, field } = check;
  const valid = await throttle.attempt(ip, user.email, async () => {
    const row = await getUserByEmail(db, user.email);
    return row && (await verifyPassword(row.password_hash, password)) ? true : undefined;
  });
  if (!valid) throw badRequest(CURRENT_PASSWORD_WRONG, { [field]: CURRENT_PASSWORD_WRONG });
}

/**
 * Sets a new password (the current one already checked): every session of the account ends, and
 * the answer is the generation a fresh token for the caller's own session must name.
 */
export async function changePassword(
  db: DB,
  sessions: SessionCache,
  user: Identity,
  newPassword: string,
  siteName?: string,
) {
  const weak = await passwordProblem(newPassword, { ...user, siteName });
  if (weak) throw badRequest(weak, { new_password: weak });
  const passwordHash = await hashPassword(newPassword);
  const generation = await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await dropResets(trx, user.id);
    await endAllSessions(trx, user.id, 'password-changed');
    const generation = await getSessionGeneration(trx, user.id);
    if (generation === undefined) throw badRequest('Your account no longer exists.');
    return generation;
  });
  await sessions.ended([{ userId: user.id }]);
  return generation;
}

/**
 * Deletes the caller's own account (the password already checked) with everything that is
 * theirs: the rows of every table that names the user go with it by their foreign keys' cascade,
 * in the one statement's transaction. The last administrator cannot leave.
 */
export async function deleteOwnAccount(
  db: DB,
  engine: Engine,
  sessions: SessionCache,
  throttle: LoginThrottle,
  user: Identity,
  confirmation: string,
) {
  if (usernameKey(confirmation) !== usernameKey(user.username)) {
    throw badRequest(CONFIRMATION_WRONG, { confirmation: CONFIRMATION_WRONG });
  }
  await deleteAccount(db, engine, sessions, throttle, user.id);
}

/**
 * The signed-in user's own account, one door for its routes: each action checks what it needs
 * (the current password under the sign-in throttle, the typed username) and ends sessions after
 * its commit.
 */
export function accountService({ db, engine, sessions, throttle, siteName }: AccountDeps) {
  return {
    /** Checks the current password, sets the new one, and answers the caller's new generation. */
    async changePassword(ip: string, user: Identity, current: string, next: string) {
      await checkOwnPassword(db, throttle, {
        ip,
        user,
        password: current,
        field: 'current_password',
      });
      return changePassword(db, sessions, user, next, siteName);
    },
    signOutEverywhere: (userId: number) => endEverySession(db, sessions, userId),
    async deleteOwn(ip: string, user: Identity, password: string, confirmation: string) {
      await checkOwnPassword(db, throttle, { ip, user, password, field: 'password' });
      await deleteOwnAccount(db, engine, sessions, throttle, user, confirmation);
    },
    /** The user's data as one streamed JSON file (docs/account-export.md). */
    export: (userId: number) => exportAccount(db, userId),
  };
}
