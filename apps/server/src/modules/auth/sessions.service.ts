import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { unauthorized } from '../../lib/app-error.js';
import { mapValueOrPromise } from '../../lib/value-or-promise.js';
import type { AuthUser, SessionToken } from '../../plugins/auth.js';
import { dropResets } from './password-resets.repository.js';
import type { SessionCache } from './session-cache.js';
import {
  endAllSessions,
  getSessionUser,
  revokeToken,
  type SessionEndReason,
  type SessionUser,
} from './sessions.repository.js';

/** What the sessions need from the app: the database and the sessions checked lately. */
export type SessionsDeps = { db: Kysely<Database>; sessions: SessionCache };

const ENDED_SESSION = 'Your session has ended. Please sign in again.';
const DELETED_ACCOUNT = 'Your account no longer exists. Please sign in again.';
/** What a device signed out when every session of its user ended is told, by the reason. */
const ENDED_BECAUSE: Record<SessionEndReason, string> = {
  'signed-out-everywhere':
    'You were signed out because someone chose "Sign out everywhere" for this account. Please sign in again.',
  'password-changed':
    'You were signed out because the password of this account was changed. Please sign in with the new password.',
  'role-changed':
    'You were signed out because an administrator changed the role of this account. Please sign in again.',
};

/** The user of a session that still stands under generation `gen`; a 401 saying why otherwise. */
function standingUser(session: SessionUser | undefined, gen: number): AuthUser {
  if (!session) throw unauthorized(DELETED_ACCOUNT);
  const { sessionGeneration, revoked, endReason, ...user } = session;
  if (revoked) throw unauthorized(ENDED_SESSION);
  if (sessionGeneration !== gen) {
    // The reason stored is that of the latest ending; a token older than that (two endings
    // ago) was ended by an earlier one, whose reason is gone.
    const latest = sessionGeneration === gen + 1;
    throw unauthorized(latest && endReason ? ENDED_BECAUSE[endReason] : ENDED_SESSION);
  }
  return user;
}

/** Signs one session out: refused from now on, on every instance, before the answer goes. */
async function signOut(
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

/**
 * Sessions: whether the one a token names still stands (what the auth plugin asks on every
 * signed-in request, answered from memory when it was checked lately), and their endings.
 */
export function sessionsService({ db, sessions }: SessionsDeps) {
  /**
   * The user of a session that stands, from memory alone, as standingUser decides it: undefined
   * when memory cannot say, or says no. The session's row is the user (its extra fields unread),
   * not a copy.
   */
  const knownSessionUser = ({ userId, jti, gen }: SessionToken): AuthUser | undefined => {
    const session = sessions.known(userId, jti);
    return session && !session.revoked && session.sessionGeneration === gen ? session : undefined;
  };
  return {
    /** A standing session's user at once when memory knows it; else as the database says. */
    sessionUser: (token: SessionToken) =>
      knownSessionUser(token) ??
      mapValueOrPromise(
        sessions.lookup(token.userId, token.jti, () => getSessionUser(db, token.userId, token.jti)),
        (session) => standingUser(session, token.gen),
      ),
    knownSessionUser,
    signOut: (token: { jti: string; exp: number }) => signOut(db, sessions, token),
    endEverySession: (userId: number) => endEverySession(db, sessions, userId),
  };
}
