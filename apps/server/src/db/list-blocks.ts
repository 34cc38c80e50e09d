import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A list's row counts per block, in the list's order by descending key (migration 0007). */
export type BlockDirectory =
  { table: 'game_blocks'; key: 'block' } | { table: 'blog_months'; key: 'month' };

export type BlockStart<Key> = {
  key: Key;
  /** Rows of the list before this block. */
  before: number;
  /** Rows of the whole list. */
  total: number;
};

/** The number of rows of a list: the sum of its block counts, a few hundred rows at most. */
export async function listTotal(db: Kysely<Database>, directory: BlockDirectory) {
  const { rows } = await sql<{
    total: number | null;
  }>`select sum(row_count) as total from ${sql.table(directory.table)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The block holding the row at `offset` of the list, found from the running sum of the counts;
 * undefined when the list is shorter than that.
 */
export async function blockAt<Key extends number | string>(
  db: Kysely<Database>,
  directory: BlockDirectory,
  offset: number,
): Promise<BlockStart<Key> | undefined> {
  const key = sql.ref(directory.key);
  const { rows } = await sql<{ block_key: Key; upto: number; row_count: number; total: number }>`
    select block_key, upto, row_count, total from (
      select ${key} as block_key, row_count,
        sum(row_count) over (order by ${key} desc) as upto,
        sum(row_count) over () as total
      from ${sql.table(directory.table)}
    ) as running
    where upto > ${offset}
    order by block_key desc
    limit 1`.execute(db);
  const found = rows[0];
  if (!found) return undefined;
  return {
    key: found.block_key,
    before: Number(found.upto) - Number(found.row_count),
    total: Number(found.total),
  };
}
