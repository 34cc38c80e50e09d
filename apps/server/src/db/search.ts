import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './schema.js';

/** Escapes LIKE wildcards so that a search for "50%" means the text "50%". */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive "contains" on any of the columns. PostgreSQL has ILIKE; SQLite's LIKE is
 * already case-insensitive for ASCII letters.
 */
export function containsAny(
  engine: Engine,
  columns: readonly string[],
  text: string,
): RawBuilder<boolean> {
  const pattern = `%${escapeLike(text)}%`;
  const operator = engine === 'postgres' ? sql`ilike` : sql`like`;
  const tests = columns.map((column) => sql`${sql.ref(column)} ${operator} ${pattern} escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
