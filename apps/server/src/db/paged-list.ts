import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TListQuery } from '@nexusplay/contract/lists';
import { compiledOnce, type ArgumentOf } from './compiled-once.js';
import type { Database } from './schema.js';

type PageQuery = Pick<TListQuery, 'limit' | 'offset'>;

/** The column the total rides in; no list has a column of this name. */
const TOTAL = 'list_total_rows' as const;

type Count = number | string | null | undefined;
type WithTotal<O> = O & Record<typeof TOTAL, Count>;

/** How the whole list is counted; by default, COUNT(*) of its rows. */
export type TotalOf = {
  /** A scalar expression for the total, such as a count the database keeps. */
  expression?: Expression<unknown>;
  /** Count at most this many rows: the total is then a lower bound (searches, see db/search.ts). */
  upTo?: number;
};

type Page<O> = { items: O[]; total: number; totalIsLowerBound: boolean };

/**
 * The two queries of a page: its rows, each carrying the total (a subquery that does not depend
 * on the row, which both engines compute once), and the total alone for a page past the end,
 * which has no row to carry it.
 */
function pageQueries<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  totalOf: TotalOf,
) {
  const matching = rows.clearSelect().clearOrderBy();
  const total =
    totalOf.expression ??
    (totalOf.upTo === undefined
      ? matching.select(sql`count(*)`.as('total'))
      : sql`(select count(*) from (${matching.select(sql`1`.as('one')).limit(totalOf.upTo)}) as matched)`);
  return {
    page: rows.select(sql`${total}`.as(TOTAL)).$castTo<WithTotal<O>>(),
    totalOnly: matching
      .select(sql`${total}`.as('total'))
      .limit(1)
      .$castTo<{ total: Count }>(),
  };
}

/** A new object without the total (rather than `delete`, which slows every later read of it). */
const withoutTotal = <O>({ [TOTAL]: _total, ...row }: WithTotal<O>) => row as O;

function toPage<O, Item = O>(
  rows: WithTotal<O>[],
  totalOf: TotalOf,
  pastEndTotal?: Count,
  toItem: (row: WithTotal<O>) => Item = withoutTotal as (row: WithTotal<O>) => Item,
): Page<Item> {
  const first = rows[0];
  // PostgreSQL counts in bigint, which pg hands over as a string.
  const total = Number((first ? first[TOTAL] : pastEndTotal) ?? 0);
  return {
    items: rows.map(toItem),
    total,
    totalIsLowerBound: totalOf.upTo !== undefined && total >= totalOf.upTo,
  };
}

/**
 * One page of a list and the number of rows in the whole list, in one statement. `rows` is the
 * list's query with its columns and order. Only a page past the end reads the total on its own.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: PageQuery,
  totalOf: TotalOf = {},
): Promise<Page<O>> {
  const queries = pageQueries(rows, totalOf);
  const page = await queries.page
    .limit(limit ?? LIST_CAP)
    .offset(offset ?? 0)
    .execute();
  if (page.length > 0 || !offset) return toPage(page, totalOf);
  const row = await queries.totalOnly.executeTakeFirst();
  return toPage(page, totalOf, row?.total);
}

/**
 * pageWithTotal for a list of one fixed shape whose values are `Args` (a user's id): both of its
 * queries are built and compiled once per database and run with the new values and page
 * (db/compiled-once.ts). `list` gives the rows query and how to count them, using `arg(i)` for
 * the i-th value, and how a row becomes an item: an object literal of the item's fields is what
 * the compiled serialiser reads fastest (a rest-and-spread copy of every row cost the polled
 * income and notifications pages a fifth to a third of their CPU).
 */
export function compiledPageWithTotal<Args extends readonly unknown[], O, Item>(
  list: (
    db: Kysely<Database>,
    arg: ArgumentOf<Args>,
  ) => {
    // The query's own tables (joins and aliases) do not matter here, only its rows' type.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    rows: SelectQueryBuilder<any, any, O>;
    totalOf?: TotalOf;
    toItem: (row: O) => Item;
  },
) {
  // The page's limit and offset are its first two values, the list's own follow them.
  const shifted = (arg: ArgumentOf<[number, number, ...Args]>) =>
    ((index: number) => arg(index + 2)) as ArgumentOf<Args>;
  // Taken from the shape when the page query is first built, which every call does first.
  let shape: { totalOf: TotalOf; toItem: (row: O) => Item } | undefined;
  const page = compiledOnce<[number, number, ...Args], WithTotal<O>>((db, arg) => {
    const { rows, totalOf = {}, toItem } = list(db, shifted(arg));
    shape = { totalOf, toItem };
    return pageQueries(rows, totalOf).page.limit(arg(0)).offset(arg(1));
  });
  const totalOnly = compiledOnce<[number, number, ...Args], { total: Count }>((db, arg) => {
    const { rows, totalOf = {} } = list(db, shifted(arg));
    return pageQueries(rows, totalOf).totalOnly;
  });
  return async (
    db: Kysely<Database>,
    args: Args,
    { limit, offset }: PageQuery,
  ): Promise<Page<Item>> => {
    const pageArgs: [number, number, ...Args] = [limit ?? LIST_CAP, offset ?? 0, ...args];
    const rows = await page(db, pageArgs);
    if (!shape) throw new Error('compiledPageWithTotal: the page query was never built');
    const { totalOf, toItem } = shape;
    if (rows.length > 0 || !offset) return toPage(rows, totalOf, undefined, toItem);
    const [row] = await totalOnly(db, pageArgs);
    return toPage(rows, totalOf, row?.total, toItem);
  };
}
