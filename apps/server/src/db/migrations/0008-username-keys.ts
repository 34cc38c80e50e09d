import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * Usernames are unique by their key (NFKC, then case-folded: usernameKey below), so
 * that neither "ＡＤＭＩＮ" nor "ａｄｍｉｎ" can register beside "admin". The key is a column with a unique
 * index: the database decides, even between two sign-ups at the same moment.
 *
 * Existing accounts get the key of their username. Where two already share one, the older keeps
 * it and each later one gets it with "#" and its id appended: "#" is not a username character,
 * so no new name can take that key, and such an account keeps its name until it is renamed.
 */

/** A username's key as contract/users.ts's usernameKey computed it when this migration shipped. */
const usernameKey = (username: string) =>
  username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

async function fillKeys(db: Kysely<unknown>) {
  const { rows } = await sql<{
    id: number;
    username: string;
  }>`select id, username from users order by id`.execute(db);
  const taken = new Set<string>();
  for (const { id, username } of rows) {
    const natural = usernameKey(username);
    const key = taken.has(natural) ? `${natural}#${id}` : natural;
    taken.add(key);
    await sql`update users set username_key = ${key} where id = ${id}`.execute(db);
  }
}

/** SQLite cannot make an added column NOT NULL; triggers refuse a missing key instead. */
async function requireKey(db: Kysely<unknown>, engine: MigrationEngine) {
  if (engine === 'postgres') {
    await sql`alter table users alter column username_key set not null`.execute(db);
    return;
  }
  for (const [name, event] of [
    ['users_username_key_insert', 'insert'],
    ['users_username_key_update', 'update of username_key'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(name)} before ${sql.raw(event)} on users
      when new.username_key is null
      begin select raise(abort, 'NOT NULL constraint failed: users.username_key'); end`.execute(db);
  }
}

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
  await fillKeys(db);
  await db.schema
    .createIndex('users_username_key_unique')
    .on('users')
    .column('username_key')
    .unique()
    .execute();
  await requireKey(db, engine);
}
