import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/**
 * Stores a user's reset link, replacing any older one: only the newest link works. With
 * `unlessExpiringAfter`, a link that expires later than that (one issued only moments ago) is
 * kept and nothing is stored; the answer says whether the new link was stored. One statement,
 * so two requests racing cannot both replace the link.
 */
export async function replaceReset(
  db: DB,
  userId: number,
  tokenHash: string,
  expiresAt: number,
  unlessExpiringAfter?: number,
): Promise<boolean> {
  const row = await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .onConflict((oc) => {
      const update = oc
        .column('user_id')
        .doUpdateSet({ token_hash: tokenHash, expires_at: expiresAt });
      return unlessExpiringAfter === undefined
        ? update
        : update.where('password_resets.expires_at', '<=', unlessExpiringAfter);
    })
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user has a live reset link expiring later than `after` (issued lately). */
export async function hasResetExpiringAfter(db: DB, userId: number, after: number) {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('expires_at', '>', after)
    .executeTakeFirst();
  return row !== undefined;
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

/**
 * Drops a user's reset link, if any: a sign-in makes it moot, and a change of email, password or
 * role or "sign out everywhere" must not leave a way back in through a mailbox (the old address's,
 * say). Called inside the transaction of the change.
 */
export async function dropResets(db: DB, userId: number) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
