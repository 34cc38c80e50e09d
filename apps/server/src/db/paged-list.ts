import { sql, type SelectQueryBuilder } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TListQuery } from '@nexusplay/contract/lists';

type PageQuery = Pick<TListQuery, 'limit' | 'offset'>;

/**
 * One page of a list and the number of rows in the whole list, read side by side. `rows` is the
 * list's query with its columns and order; the count reads the same rows without either.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: PageQuery,
): Promise<{ items: O[]; total: number }> {
  const [items, count] = await Promise.all([
    rows
      .limit(limit ?? LIST_CAP)
      .offset(offset ?? 0)
      .execute(),
    rows
      .clearSelect()
      .clearOrderBy()
      .select(sql`count(*)`.as('total'))
      // PostgreSQL counts in bigint, which pg hands over as a string.
      .$castTo<{ total: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}
