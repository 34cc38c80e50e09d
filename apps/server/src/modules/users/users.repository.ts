import { sql, type Kysely } from 'kysely';
import type { TRole, TUser } from '@nexusplay/contract/users';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database, UserRow } from '../../db/schema.js';

type DB = Kysely<Database>;

export const toPublicUser = (row: Pick<UserRow, 'id' | 'username' | 'email' | 'role'>): TUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
});

export function getUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function getUserById(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of the two unique identities are already taken, checked in one query. */
export async function findIdentityConflicts(db: DB, email: string, username: string) {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        eb('email', '=', email.toLowerCase()),
        eb(sql`lower(username)`, '=', username.toLowerCase()),
      ]),
    )
    .limit(2)
    .execute();
  return {
    email: rows.some((r) => r.email === email.toLowerCase()),
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
  };
}

export type NewUser = { username: string; email: string; passwordHash: string; role: TRole };

export async function createUser(db: DB, user: NewUser): Promise<TUser> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      role: user.role,
      created_at: nowTimestamp(),
    })
    .returning(['id', 'username', 'email', 'role'])
    .executeTakeFirstOrThrow();
  return toPublicUser(row);
}

export async function countAdmins(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(count);
}
