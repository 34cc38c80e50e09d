import { sql, type Kysely } from 'kysely';
import type { TUser } from '@nexusplay/contract/users';
import { decodeBool } from '../../db/codecs.js';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/** Why every session of a user was ended, kept so that a device signed out by it is told. */
export const SESSION_END_REASONS = [
  'signed-out-everywhere',
  'password-changed',
  'role-changed',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

function asSessionEndReason(value: string | null): SessionEndReason | undefined {
  return SESSION_END_REASONS.find((reason) => reason === value);
}

export type SessionUser = TUser & {
  sessionGeneration: number;
  revoked: boolean;
  /** Why the sessions of an older generation ended, if it was said. */
  endReason?: SessionEndReason | undefined;
};

/**
 * The user a token names, their session generation (and why the last ones ended), and whether this
 * token was signed out: one query, the one every signed-in request already made for the user.
 */
export async function getSessionUser(
  db: DB,
  userId: number,
  jti: string,
): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role', 'session_generation', 'session_end_reason'])
    .select((eb) =>
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'),
    )
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_generation: sessionGeneration,
    session_end_reason: endReason,
    revoked,
    ...user
  } = row;
  return {
    ...user,
    sessionGeneration,
    revoked: decodeBool(revoked),
    endReason: asSessionEndReason(endReason),
  };
}

/**
 * Refuses one token from now on. Entries of tokens that have expired meanwhile are dropped on the
 * way: the verifier refuses those by their exp, so the list holds only live tokens.
 */
export async function revokeToken(db: DB, jti: string, expiresAt: number, now: number) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).execute();
  await raiseSessionEnds(db);
}

/**
 * Ends every session of a user: the tokens they hold name an older generation. The reason is what
 * those sessions are told when they next call; without one they are told only that they ended.
 */
export async function endAllSessions(db: DB, userId: number, reason?: SessionEndReason) {
  await db
    .updateTable('users')
    .set((eb) => ({
      session_generation: eb('session_generation', '+', 1),
      session_end_reason: reason ?? null,
    }))
    .where('id', '=', userId)
    .execute();
  await raiseSessionEnds(db);
}

/**
 * Counts one more write that ended sessions, in that write's transaction: every instance reads
 * the count on a short timer and forgets the sessions it keeps in memory when it moved.
 */
export async function raiseSessionEnds(db: DB) {
  await db
    .updateTable('session_ends')
    .set({ count: sql<number>`count + 1` })
    .where('id', '=', 1)
    .execute();
}

/** How many writes have ended sessions, as text (PostgreSQL answers a bigint so). */
export async function readSessionEnds(db: DB): Promise<string> {
  const row = await db
    .selectFrom('session_ends')
    .select('count')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return String(row.count);
}
