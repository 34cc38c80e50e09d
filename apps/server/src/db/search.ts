import { sql, type Kysely, type RawBuilder } from 'kysely';
import { withoutControlCharacters } from '@nexusplay/contract/text';
import type { Database, Engine } from './schema.js';

/** The columns each list searches, and so the columns the search indexes cover. */
export const SEARCHABLE = {
  games: ['name', 'description'],
  blogs: ['title', 'description'],
  tools: ['name', 'description'],
} as const;

export type SearchableTable = keyof typeof SEARCHABLE;

/** The trigram index needs three characters; shorter searches scan. */
const TRIGRAM = 3;

/**
 * The API refuses control characters before a search gets here; they are dropped here as well,
 * so that no text from any caller can make a malformed query: FTS5 reads NUL as the end of its
 * query ("unterminated string"), and PostgreSQL takes no NUL in a parameter at all.
 */
const searchable = withoutControlCharacters;

/** Escapes LIKE wildcards so that a search for "50%" means the text "50%". */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `lower(expression) LIKE '%text%'`: a case-insensitive "contains" without an index, for lists
 * that are already narrowed to one user's rows (or are small, like the accounts).
 */
export function containsInsensitive(
  expression: string | RawBuilder<unknown>,
  text: string,
): RawBuilder<boolean> {
  const target = typeof expression === 'string' ? sql.ref(expression) : expression;
  const pattern = `%${escapeLike(searchable(text).toLowerCase())}%`;
  return sql<boolean>`lower(${target}) like ${pattern} escape '\\'`;
}

/** One FTS5 phrase: the text, quotes doubled, matched as a substring by the trigram tokenizer. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Rows of `table` whose searched columns contain `text`, ignoring letter case, through the
 * engine's trigram index (see migration 0003).
 */
export function matchesSearch(
  engine: Engine,
  table: SearchableTable,
  rawText: string,
): RawBuilder<boolean> {
  const text = searchable(rawText);
  if (engine === 'sqlite' && indexedOnSqlite(text)) {
    const fts = `${table}_search`;
    return sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${ftsPhrase(text)})`;
  }
  return columnsContain(engine, table, text);
}

const indexedOnSqlite = (text: string) => [...text].length >= TRIGRAM;

/** PostgreSQL has ILIKE (served by the trigram GIN indexes); SQLite's LIKE ignores ASCII case. */
function columnsContain(engine: Engine, table: SearchableTable, text: string) {
  const pattern = `%${escapeLike(text)}%`;
  const operator = engine === 'postgres' ? sql`ilike` : sql`like`;
  const tests = SEARCHABLE[table].map(
    (column) => sql`${sql.ref(`${table}.${column}`)} ${operator} ${pattern} escape '\\'`,
  );
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/*
 * The public catalogue (games and blog posts) is searched page by page at 100,000 rows and more.
 * Counting every match of a common word would read tens of thousands of index entries, so a
 * search counts its matches only up to SEARCH_COUNT_LOOKAHEAD past the page asked for: below
 * that horizon X-Total-Count is exact; at it, the total is a lower bound that grows as the
 * visitor pages on (see README, "Lists").
 */
export const SEARCH_COUNT_LOOKAHEAD = 100;

export type CatalogueTable = 'games' | 'blogs';

/**
 * The search test for one row, for a walk along a list's order that stops once a page is full.
 * PostgreSQL reads the text lower-cased at write time (migration 0007), which its trigram index
 * also covers, so the planner may take either path; SQLite tests the columns with LIKE.
 */
function rowMatches(engine: Engine, table: CatalogueTable, text: string): RawBuilder<boolean> {
  if (engine === 'sqlite') return columnsContain(engine, table, text);
  return sql<boolean>`${sql.ref(`${table}.search_text`)} like lower(${`%${escapeLike(text)}%`}) escape '\\'`;
}

async function countUpTo(
  db: Kysely<Database>,
  table: CatalogueTable,
  filter: RawBuilder<boolean>,
  horizon: number,
) {
  const { rows } = await sql<{ matches: number }>`
    select count(*) as matches from (
      select 1 from ${sql.table(table)} where ${filter} limit ${horizon}
    ) as capped`.execute(db);
  return Number(rows[0]?.matches ?? 0);
}

const ASCII = /^[\x20-\x7e]*$/;

/**
 * One page of a catalogue search with its total (see SEARCH_COUNT_LOOKAHEAD). `select` runs the
 * list's own ordered, paged query under the filter it is given; `reach` is where that page ends.
 *
 * SQLite asks its FTS index for the matches once, up to the horizon. When they are fewer, they
 * are all the matches: their ids make the filter and their number the total. When there are more,
 * walking the list in its order and testing each row with LIKE fills a page after a few rows
 * (for ASCII text, where LIKE and the index fold letter case alike; other text uses the index).
 */
export async function searchCatalogue<Row>(
  db: Kysely<Database>,
  engine: Engine,
  table: CatalogueTable,
  rawText: string,
  reach: number,
  select: (filter: RawBuilder<boolean>) => Promise<Row[]>,
): Promise<{ items: Row[]; total: number; totalIsLowerBound: boolean }> {
  const text = searchable(rawText);
  const horizon = reach + SEARCH_COUNT_LOOKAHEAD;
  if (engine === 'postgres' || !indexedOnSqlite(text)) {
    const filter = rowMatches(engine, table, text);
    const [items, total] = await Promise.all([
      select(filter),
      countUpTo(db, table, filter, horizon),
    ]);
    return { items, total, totalIsLowerBound: total >= horizon };
  }
  const fts = sql.table(`${table}_search`);
  const { rows } = await sql<{
    id: number;
  }>`select rowid as id from ${fts} where ${fts} match ${ftsPhrase(text)} limit ${horizon}`.execute(
    db,
  );
  if (rows.length === 0) return { items: [], total: 0, totalIsLowerBound: false };
  if (rows.length < horizon) {
    const ids = JSON.stringify(rows.map((row) => row.id));
    return {
      items: await select(
        sql<boolean>`${sql.ref(`${table}.id`)} in (select value from json_each(${ids}))`,
      ),
      total: rows.length,
      totalIsLowerBound: false,
    };
  }
  const filter = ASCII.test(text)
    ? rowMatches(engine, table, text)
    : matchesSearch(engine, table, text);
  return { items: await select(filter), total: horizon, totalIsLowerBound: true };
}
