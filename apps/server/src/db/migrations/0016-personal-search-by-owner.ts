import { sql, type Kysely } from 'kysely';
import { createPersonalSearchTable, extensionSchema } from '../migration-helpers.js';
import type { Engine } from '../schema.js';
import { searchKey, type PersonalList } from '../personal-search.js';

/*
 * A search of one user's wallets or links reads that user's matches, not every user's: the
 * trigram indexes of migration 0014 held the search text alone, so a word common in other users'
 * rows cost each user who searched for it a read of all those rows, or (when there were too many)
 * a walk through every row of their own (db/personal-search.ts).
 *
 * PostgreSQL: with btree_gin, the GIN index holds (user_id, search_text) and answers both
 * conditions inside the index, so that only the user's matching rows are read from the table
 * (with the index of 0014, every user's matching rows were); it serves a search of the text
 * alone as well, so it replaces the index of 0014. Where btree_gin or pg_trgm cannot be
 * installed, the index of 0014 stays.
 *
 * SQLite: the FTS5 tables' rowids become (user_id, id) in one integer (searchKey), so that a
 * match restricted to one user's range of rowids reads only that user's entries. The tables are
 * filled again from their lists.
 */
const LISTS: PersonalList[] = ['wallets', 'links'];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    for (const list of LISTS) await keyedByOwner(db, list);
    return;
  }
  const trigram = await extensionSchema(db, 'pg_trgm');
  if (!trigram) return;
  await sql`savepoint btree_gin`.execute(db);
  try {
    await sql`create extension if not exists btree_gin with schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint btree_gin`.execute(db);
    return;
  }
  for (const list of LISTS) {
    await sql`create index ${sql.id(`${list}_owner_search_trgm`)} on ${sql.table(list)} using gin (user_id, search_text ${sql.id(trigram)}.gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop index if exists ${sql.id(`${list}_search_text_trgm`)}`.execute(db);
  }
}

async function keyedByOwner(db: Kysely<unknown>, list: PersonalList) {
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger ${list}_personal_${event}`).execute(db);
  }
  await sql.raw(`drop table ${list}_search`).execute(db);
  await createPersonalSearchTable(db, list, (row) => searchKey(`${row}.user_id`, `${row}.id`));
}
