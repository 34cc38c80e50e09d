import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/** The searched columns of each public list when this migration shipped (db/search.ts then). */
const SEARCHABLE = {
  games: ['name', 'description'],
  blogs: ['title', 'description'],
  tools: ['name', 'description'],
} as const;

/*
 * Substring search over 100,000 rows must not read every row. PostgreSQL: trigram GIN indexes
 * (pg_trgm), which ILIKE '%text%' uses. SQLite: an FTS5 index with the trigram tokenizer, kept in
 * step with its table by triggers. Where pg_trgm cannot be installed (no privilege, an engine
 * without it), search still works, by scanning.
 */
export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  if (engine === 'postgres') {
    const opclass = await trigramOperatorClass(db);
    if (!opclass) return;
    for (const [table, columns] of Object.entries(SEARCHABLE)) {
      for (const column of columns) {
        await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.ref(column)} ${opclass})`.execute(
          db,
        );
      }
    }
    return;
  }

  for (const [table, columns] of Object.entries(SEARCHABLE)) {
    const fts = `${table}_search`;
    const cols = sql.join(columns.map((c) => sql.ref(c)));
    const newCols = sql.join(columns.map((c) => sql.ref(`new.${c}`)));
    const oldCols = sql.join(columns.map((c) => sql.ref(`old.${c}`)));
    await sql`create virtual table ${sql.table(fts)} using fts5(${cols}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_search_insert`)} after insert on ${sql.table(table)} begin
      insert into ${sql.table(fts)}(rowid, ${cols}) values (new.id, ${newCols});
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_search_delete`)} after delete on ${sql.table(table)} begin
      insert into ${sql.table(fts)}(${sql.table(fts)}, rowid, ${cols}) values ('delete', old.id, ${oldCols});
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_search_update`)} after update on ${sql.table(table)} begin
      insert into ${sql.table(fts)}(${sql.table(fts)}, rowid, ${cols}) values ('delete', old.id, ${oldCols});
      insert into ${sql.table(fts)}(rowid, ${cols}) values (new.id, ${newCols});
    end`.execute(db);
    await sql`insert into ${sql.table(fts)}(${sql.table(fts)}) values ('rebuild')`.execute(db);
  }
}

/**
 * pg_trgm's GIN operator class, qualified by the schema the extension lives in. An extension
 * exists once per database, so it is installed in public rather than in whichever schema comes
 * first on the search path (and could be dropped with it).
 */
async function trigramOperatorClass(db: Kysely<unknown>) {
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
    return undefined;
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  return schema ? sql`${sql.id(schema)}.gin_trgm_ops` : undefined;
}
