import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * The public lists at 100,000 rows and more.
 *
 * Totals and deep pages: COUNT(*) and OFFSET read every row they pass. Instead each list is cut
 * into blocks that follow its order (games: blocks of consecutive ids; posts: months of their
 * date), and triggers keep a row count per block, in the same transaction as the write. The total
 * is the sum of a few hundred counts; a page at offset N reads the counts to find its block and
 * then skips at most that block's rows.
 *
 * Search on PostgreSQL: ILIKE lower-cases every row it tests, which made counting the matches of
 * a common word cost tens of milliseconds. The lower-cased text is now computed once, at write
 * time, in a stored column that LIKE reads and one trigram index covers, replacing the two
 * per-column indexes of migration 0003 for these tables.
 */

/** Games counted per block of this many consecutive ids (db/schema.ts's GAME_BLOCK_IDS then). */
const GAME_BLOCK_IDS = 1024;

type Directory = {
  table: 'games' | 'blogs';
  name: string;
  key: string;
  keyType: 'integer' | 'varchar(7)';
  /** The block of a row, as SQL over the row alias `row`. */
  keyOf: (row: string) => string;
  /** Whether an update can move a row to another block. */
  movable: boolean;
};

const DIRECTORIES: Directory[] = [
  {
    table: 'games',
    name: 'game_blocks',
    key: 'block',
    keyType: 'integer',
    keyOf: (row) => `${row}.id / ${GAME_BLOCK_IDS}`,
    movable: false,
  },
  {
    table: 'blogs',
    name: 'blog_months',
    key: 'month',
    keyType: 'varchar(7)',
    keyOf: (row) => `substr(${row}.date, 1, 7)`,
    movable: true,
  },
];

const SEARCH_TEXT = {
  games: 'lower(name || chr(10) || description)',
  blogs: "lower(title || chr(10) || coalesce(description, ''))",
} as const;

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  for (const directory of DIRECTORIES) {
    await db.schema
      .createTable(directory.name)
      .addColumn(directory.key, directory.keyType, (col) => col.primaryKey())
      .addColumn('row_count', 'integer', (col) => col.notNull())
      .execute();
    await sql
      .raw(
        `insert into ${directory.name} (${directory.key}, row_count)
         select ${directory.keyOf('t')}, count(*) from ${directory.table} t group by 1`,
      )
      .execute(db);
    if (engine === 'postgres') await createPostgresTriggers(db, directory);
    else await createSqliteTriggers(db, directory);
  }
  if (engine === 'postgres') await addSearchText(db);
}

async function createSqliteTriggers(db: Kysely<unknown>, d: Directory) {
  const add = (row: string) =>
    `insert into ${d.name} (${d.key}, row_count) values (${d.keyOf(row)}, 1)
       on conflict (${d.key}) do update set row_count = row_count + 1;`;
  const remove = (row: string) =>
    `update ${d.name} set row_count = row_count - 1 where ${d.key} = ${d.keyOf(row)};`;
  await sql
    .raw(`create trigger ${d.name}_insert after insert on ${d.table} begin ${add('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${d.name}_delete after delete on ${d.table} begin ${remove('old')} end`)
    .execute(db);
  if (d.movable) {
    await sql
      .raw(
        `create trigger ${d.name}_update after update on ${d.table}
         when ${d.keyOf('old')} <> ${d.keyOf('new')}
         begin ${remove('old')} ${add('new')} end`,
      )
      .execute(db);
  }
}

/**
 * Row-level triggers, the kind every PostgreSQL-compatible engine that has triggers supports
 * (statement-level triggers with transition tables are missing from some). An update counts only
 * when it moves a post to another month.
 */
async function createPostgresTriggers(db: Kysely<unknown>, d: Directory) {
  await sql
    .raw(
      `create function ${d.name}_count() returns trigger language plpgsql as $$
       begin
         if tg_op in ('INSERT', 'UPDATE') then
           insert into ${d.name} (${d.key}, row_count) values (${d.keyOf('new')}, 1)
             on conflict (${d.key}) do update set row_count = ${d.name}.row_count + 1;
         end if;
         if tg_op in ('DELETE', 'UPDATE') then
           update ${d.name} set row_count = row_count - 1 where ${d.key} = ${d.keyOf('old')};
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  const events = [
    ['insert', ''],
    ['delete', ''],
    ...(d.movable ? [['update', `when (${d.keyOf('old')} <> ${d.keyOf('new')})`]] : []),
  ];
  for (const [event, condition] of events) {
    await sql
      .raw(
        `create trigger ${d.name}_${event} after ${event} on ${d.table}
         for each row ${condition} execute function ${d.name}_count()`,
      )
      .execute(db);
  }
}

async function addSearchText(db: Kysely<unknown>) {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trigramSchema = rows[0]?.schema;
  for (const [table, expression] of Object.entries(SEARCH_TEXT)) {
    await sql
      .raw(
        `alter table ${table} add column search_text text generated always as (${expression}) stored`,
      )
      .execute(db);
    // Without pg_trgm (see migration 0003) search scans, still without lower-casing every row.
    if (!trigramSchema) continue;
    await sql`create index ${sql.id(`${table}_search_text_trgm`)} on ${sql.table(table)} using gin (search_text ${sql.id(trigramSchema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
  await sql`drop index if exists games_name_trgm, games_description_trgm, blogs_title_trgm, blogs_description_trgm`.execute(
    db,
  );
}
