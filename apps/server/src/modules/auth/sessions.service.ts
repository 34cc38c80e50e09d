import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dropResets } from './password-resets.repository.js';
import type { SessionCache } from './session-cache.js';
import { endAllSessions, revokeToken } from './sessions.repository.js';

/** Signs one session out: refused from now on, on every instance, before the answer goes. */
export async function signOut(
  db: Kysely<Database>,
  sessions: SessionCache,
  token: { jti: string; exp: number },
) {
  await db
    .transaction()
    .execute((trx) => revokeToken(trx, token.jti, token.exp, Math.floor(Date.now() / 1000)));
  await sessions.ended([{ jti: token.jti }]);
}

/**
 * Ends every session of a user ("sign out everywhere"), on every instance, before the answer goes.
 * A reset link still in a mailbox goes with them, in the same transaction: it is a session waiting
 * to be opened.
 */
export async function endEverySession(
  db: Kysely<Database>,
  sessions: SessionCache,
  userId: number,
) {
  await db.transaction().execute(async (trx) => {
    await endAllSessions(trx, userId, 'signed-out-everywhere');
    await dropResets(trx, userId);
  });
  await sessions.ended([{ userId }]);
}
