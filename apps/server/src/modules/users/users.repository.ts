import { sql, type Kysely } from 'kysely';
import type { TListQuery } from '@nexusplay/contract/lists';
import { usernameKey, type TRole, type TUser } from '@nexusplay/contract/users';
import { nowTimestamp } from '../../db/codecs.js';
import { pageWithTotal } from '../../db/paged-list.js';
import type { Database, Engine, UserRow } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';

type DB = Kysely<Database>;

const LIST_COLUMNS = ['id', 'username', 'email', 'role', 'created_at'] as const;

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

/**
 * Which of the two unique identities are already taken (by anyone but `exceptId`), in one query.
 * A username is taken when another has the same key (usernameKey): look-alikes count as the same.
 */
export async function findIdentityConflicts(
  db: DB,
  email: string,
  username: string,
  exceptId?: number,
) {
  const key = usernameKey(username);
  let query = db
    .selectFrom('users')
    .select(['email', 'username_key'])
    .where((eb) => eb.or([eb('email', '=', email.toLowerCase()), eb('username_key', '=', key)]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.limit(2).execute();
  return {
    email: rows.some((r) => r.email === email.toLowerCase()),
    username: rows.some((r) => r.username_key === key),
  };
}

export type NewUser = { username: string; email: string; passwordHash: string; role: TRole };

export function createUser(db: DB, user: NewUser) {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      username_key: usernameKey(user.username),
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      role: user.role,
      created_at: nowTimestamp(),
    })
    .returning(LIST_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function countAdmins(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One page of accounts, oldest first, searched by username or email. */
export async function listUsers(db: DB, query: TListQuery) {
  let base = db.selectFrom('users');
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([containsInsensitive('username', q), containsInsensitive('email', q)]),
    );
  }
  return pageWithTotal(base.select(LIST_COLUMNS).orderBy('id'), query);
}

export function getUserListItem(db: DB, id: number) {
  return db.selectFrom('users').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function updateUserIdentity(
  db: DB,
  id: number,
  values: { username: string; email: string; role: TRole },
) {
  return db
    .updateTable('users')
    .set({
      ...values,
      username_key: usernameKey(values.username),
      email: values.email.toLowerCase(),
    })
    .where('id', '=', id)
    .returning(LIST_COLUMNS)
    .executeTakeFirst();
}

export function deleteUser(db: DB, id: number) {
  return db.deleteFrom('users').where('id', '=', id).returning('id').executeTakeFirst();
}

/**
 * Role changes and deletions that could leave no admin are decided one at a time: PostgreSQL
 * takes a transaction-scoped lock, SQLite already runs one writer at a time.
 */
export async function lockAdminChanges(trx: DB, engine: Engine) {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(7300001)`.execute(trx);
}

export function setPasswordHash(db: DB, id: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .execute();
}

/** The user's session generation, which a token signed now must name. */
export async function getSessionGeneration(db: DB, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('session_generation')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.session_generation;
}
