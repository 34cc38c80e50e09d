import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/*
 * PostgreSQL: a search of one user's wallets or links reads that user's matches through one
 * index. The trigram index of migration 0014 held the search text alone, so the matches of every
 * user were read and those of others thrown away, and the planner, guessing from the whole table,
 * could prefer walking the user's rows in order for a word common elsewhere. With btree_gin the
 * GIN index holds (user_id, search_text): the index itself keeps only the user's matches
 * (db/personal-search.ts, searchPostgres). It serves a search of the text alone as well, so it
 * replaces the index of 0014.
 *
 * Where btree_gin or pg_trgm cannot be installed, the index of 0014 stays and the search still
 * works, reading the matches of every user. SQLite is unchanged.
 */
const LISTS = ['wallets', 'links'] as const;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
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

async function extensionSchema(db: Kysely<unknown>, name: string) {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = ${name}`.execute(db);
  return rows[0]?.schema;
}
