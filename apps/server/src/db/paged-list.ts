import { sql, type SelectQueryBuilder } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TListQuery } from '@nexusplay/contract/lists';

type PageQuery = Pick<TListQuery, 'limit' | 'offset'>;

/** The column the total rides in; no list has a column of this name. */
const TOTAL = 'list_total_rows' as const;

/**
 * One page of a list and the number of rows in the whole list, in one statement: the page's rows
 * each carry the count, a subquery of the same rows without columns or order, which both engines
 * compute once (it does not depend on the row). `rows` is the list's query with its columns and
 * order. Only a page past the end has no row to carry the count; it is then counted on its own.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: PageQuery,
): Promise<{ items: O[]; total: number }> {
  const count = rows
    .clearSelect()
    .clearOrderBy()
    .select(sql`count(*)`.as('total'))
    // PostgreSQL counts in bigint, which pg hands over as a string.
    .$castTo<{ total: number | string }>();
  const page = await rows
    .select(count.as(TOTAL))
    .limit(limit ?? LIST_CAP)
    .offset(offset ?? 0)
    .$castTo<O & Record<typeof TOTAL, number | string>>()
    .execute();
  const first = page[0];
  if (!first) {
    const total = offset ? Number((await count.executeTakeFirstOrThrow()).total) : 0;
    return { items: [], total };
  }
  return {
    // A new object without the count (rather than `delete`, which slows every later read of it).
    items: page.map(({ [TOTAL]: _total, ...row }) => row as O),
    total: Number(first[TOTAL]),
  };
}
