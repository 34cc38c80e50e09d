import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './schema.js';

/** The columns each list searches, and so the columns the search indexes cover. */
export const SEARCHABLE = {
  games: ['name', 'description'],
  blogs: ['title', 'description'],
  tools: ['name', 'description'],
} as const;

export type SearchableTable = keyof typeof SEARCHABLE;

/** The trigram index needs three characters; shorter searches scan. */
const TRIGRAM = 3;

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
  return sql<boolean>`lower(${target}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
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
  text: string,
): RawBuilder<boolean> {
  const columns = SEARCHABLE[table];
  if (engine === 'sqlite' && [...text].length >= TRIGRAM) {
    const fts = `${table}_search`;
    return sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${ftsPhrase(text)})`;
  }
  // PostgreSQL has ILIKE (served by the trigram GIN indexes); SQLite's LIKE ignores ASCII case.
  const pattern = `%${escapeLike(text)}%`;
  const operator = engine === 'postgres' ? sql`ilike` : sql`like`;
  const tests = columns.map(
    (column) => sql`${sql.ref(`${table}.${column}`)} ${operator} ${pattern} escape '\\'`,
  );
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
