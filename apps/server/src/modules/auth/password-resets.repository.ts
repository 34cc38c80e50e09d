import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/** Stores a user's reset link, replacing any older one: only the newest link works. */
export async function replaceReset(db: DB, userId: number, tokenHash: string, expiresAt: number) {
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ token_hash: tokenHash, expires_at: expiresAt }),
    )
    .execute();
}

/** The user a live reset link belongs to, with what the password rules compare against. */
export function findLiveReset(db: DB, tokenHash: string, now: number) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id', 'users.email', 'users.username'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses up a live reset link: of two requests racing with the same link, one deletes the row and
 * gets its user, the other gets nothing.
 */
export async function consumeReset(db: DB, tokenHash: string, now: number) {
  const row = await db
    .deleteFrom('password_resets')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Drops a user's reset link, if any: a sign-in or a changed password makes it moot. */
export async function dropResets(db: DB, userId: number) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
