import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TListQuery } from '@nexusplay/contract/lists';

type PageQuery = Pick<TListQuery, 'limit' | 'offset'>;

/** The column the total rides in; no list has a column of this name. */
const TOTAL = 'list_total_rows' as const;

/** How the whole list is counted; by default, COUNT(*) of its rows. */
export type TotalOf = {
  /** A scalar expression for the total, such as a count the database keeps. */
  expression?: Expression<unknown>;
  /** Count at most this many rows: the total is then a lower bound (searches, see db/search.ts). */
  upTo?: number;
};

/**
 * One page of a list and the number of rows in the whole list, in one statement: the page's rows
 * each carry the total, a subquery that does not depend on the row, which both engines compute
 * once. `rows` is the list's query with its columns and order. Only a page past the end has no
 * row to carry the total; it is then read on its own.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: PageQuery,
  totalOf: TotalOf = {},
): Promise<{ items: O[]; total: number; totalIsLowerBound: boolean }> {
  const matching = rows.clearSelect().clearOrderBy();
  const total =
    totalOf.expression ??
    (totalOf.upTo === undefined
      ? matching.select(sql`count(*)`.as('total'))
      : sql`(select count(*) from (${matching.select(sql`1`.as('one')).limit(totalOf.upTo)}) as matched)`);
  const withTotal = (count: number | string | null | undefined) => {
    // PostgreSQL counts in bigint, which pg hands over as a string.
    const value = Number(count ?? 0);
    return { total: value, totalIsLowerBound: totalOf.upTo !== undefined && value >= totalOf.upTo };
  };
  const page = await rows
    .select(sql`${total}`.as(TOTAL))
    .limit(limit ?? LIST_CAP)
    .offset(offset ?? 0)
    .$castTo<O & Record<typeof TOTAL, number | string | null>>()
    .execute();
  const first = page[0];
  if (!first) {
    if (!offset) return { items: [], ...withTotal(0) };
    const row = await matching
      .select(sql`${total}`.as('total'))
      .limit(1)
      .$castTo<{ total: number | string | null }>()
      .executeTakeFirst();
    return { items: [], ...withTotal(row?.total) };
  }
  return {
    // A new object without the total (rather than `delete`, which slows every later read of it).
    items: page.map(({ [TOTAL]: _total, ...row }) => row as O),
    ...withTotal(first[TOTAL]),
  };
}
