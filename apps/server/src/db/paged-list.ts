import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TListQuery } from '@nexusplay/contract/lists';
import { compiledOnce, compiledQueryOnce, type ArgumentOf } from './compiled-once.js';
import type { Db } from './database.js';
import { JsonItems } from '../lib/json-items.js';
import type { Database, Engine } from './schema.js';

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

function toPage<O>(rows: WithTotal<O>[], totalOf: TotalOf, pastEndTotal?: Count): Page<O> {
  const first = rows[0];
  // PostgreSQL counts in bigint, which pg hands over as a string.
  const total = Number((first ? first[TOTAL] : pastEndTotal) ?? 0);
  return {
    items: rows.map(withoutTotal),
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

/** The order of a page: columns of its rows, each ascending or descending. */
export type JsonOrder = readonly (readonly [column: string, direction: 'asc' | 'desc'])[];

/** A column of the page's rows, in the item's expression. */
export const pageColumn = (column: string) => sql.ref(`page.${column}`);
const ref = pageColumn;

/** The page's rows (`page`) in `order`, by their columns. */
const orderOf = (order: JsonOrder) =>
  sql.join(order.map(([column, direction]) => sql`${ref(column)} ${sql.raw(direction)}`));

type PageShape<Args extends readonly unknown[]> = (
  db: Kysely<Database>,
  arg: ArgumentOf<Args>,
) => {
  // The query's own tables (joins and aliases) do not matter here, only its columns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows: SelectQueryBuilder<any, any, unknown>;
  order: JsonOrder;
  /**
   * Each item's JSON text, as the answer sends it, from the page's rows (`pageColumn`): what the
   * list's rows keep of it (migration 0024), such as a column read as it is.
   */
  item: RawBuilder<unknown>;
  totalOf?: Pick<TotalOf, 'expression'>;
  /**
   * SQLite: the page's LIMIT and OFFSET inside the list's query, not around it. For a list whose
   * order comes from merging parts read in order (a UNION ALL of two indexes): around it, SQLite
   * drops the list's own ORDER BY and sorts the rows again. Otherwise the page goes around the
   * list's query, which SQLite then flattens into the page's (each item written from its row as
   * the index hands it over; a subquery with its own LIMIT runs as a co-routine, every column
   * copied out of it, a tenth of the statement).
   */
  pageInside?: boolean;
};

/** The total of a page's list, as a scalar expression. */
function totalOfPage({ rows, totalOf = {} }: ReturnType<PageShape<readonly unknown[]>>) {
  const counted =
    totalOf.expression ??
    rows
      .clearSelect()
      .clearOrderBy()
      .select(sql`count(*)`.as('total'));
  return sql<Count>`(${counted})`;
}

/**
 * One page of a list of one fixed shape whose values are `Args` (a user's id), with the total,
 * read as the JSON the answer sends: the database hands over each item's text, in the page's
 * order, and counts the list. No object is made per row and nothing is serialised again; the
 * statements are built and compiled once per database and engine (db/compiled-once.ts). `list`
 * gives the rows query (its columns and order, using `arg(i)` for the i-th value), the order
 * again by its columns' names, each item's JSON text, and how to count the rows.
 *
 * - PostgreSQL: one statement (one round trip), the items as one JSON array (`string_agg` with
 *   the page's order) beside the total.
 * - SQLite: two statements read at once, one after the other (Db.readNow): the items one row
 *   each, as JSON text (the first column alone, no object per row), in the page's order read
 *   from the list's index, and the total. One statement aggregating the array would need its
 *   ORDER BY to keep the order (SQLite documents an aggregate's input order only with it), and
 *   SQLite runs that ORDER BY through a temporary b-tree it builds and drops on every run: a
 *   third of the page's statement (bench/RESULTS.md 1b'). No write of this process can come
 *   between the two statements; another process's commit (the admin CLI) could, in the
 *   microseconds between them, and the total would then be one write apart from the items
 *   until the next read. A deferred transaction around them would rule that out at a quarter
 *   of what the sort cost; the lists read this way are written by this process alone.
 */
export function compiledJsonPage<Args extends readonly unknown[]>(list: PageShape<Args>) {
  // The page's offset is its first value, the list's own follow it.
  const shifted = (arg: ArgumentOf<[number, ...Args]>) =>
    ((index: number) => arg(index + 1)) as ArgumentOf<Args>;
  // The limit is written into the SQL text, one statement per page size: SQLite prepares a
  // statement whose LIMIT is a bound value again on every run (it plans with the value), which
  // cost a 10-row page as much as reading it.
  const postgresPage = (limit: number) =>
    compiledOnce<[number, ...Args], { items: string; total: Count }>((db, arg) => {
      const shape = list(db, shifted(arg));
      const page = shape.rows.limit(sql.lit(limit)).offset(arg(0)).as('page');
      const items = sql<string>`coalesce('[' || string_agg(${shape.item}, ',' order by ${orderOf(shape.order)}) || ']', '[]')`;
      return db.selectFrom(page).select([items.as('items'), totalOfPage(shape).as('total')]);
    });
  const sqliteItems = (limit: number) =>
    compiledQueryOnce<[number, ...Args], { item: string }>((db, arg) => {
      const shape = list(db, shifted(arg));
      const items = (rows: typeof shape.rows) =>
        db.selectFrom(rows.as('page')).select(shape.item.as('item')).orderBy(orderOf(shape.order));
      return shape.pageInside
        ? items(shape.rows.limit(sql.lit(limit)).offset(arg(0)))
        : items(shape.rows.clearOrderBy()).limit(sql.lit(limit)).offset(arg(0));
    });
  const sqliteTotal = compiledQueryOnce<Args, { total: Count }>((db, arg) =>
    db.selectNoFrom(totalOfPage(list(db, arg)).as('total')),
  );
  type Read = (db: Db, args: Args, offset: number) => Promise<{ items: string; total: Count }>;
  const pages = new Map<string, Read>();
  const readerOf = (engine: Engine, size: number): Read => {
    if (engine === 'postgres') {
      const page = postgresPage(size);
      return async (db, args, offset) => {
        const [row] = await page(db.kysely, [offset, ...args]);
        return { items: row?.items ?? '[]', total: row?.total };
      };
    }
    const itemsOf = sqliteItems(size);
    return async (db, args, offset) => {
      const queries = [itemsOf(db.kysely, [offset, ...args]), sqliteTotal(db.kysely, args)];
      const now = db.readNow?.(queries, true);
      const [items, [total] = []] =
        now ??
        // Inside a transaction: through Kysely, which waits for it to end.
        (await Promise.all(
          queries.map(async (query) =>
            (await db.kysely.executeQuery<Record<string, unknown>>(query)).rows.map(
              (row) => Object.values(row)[0],
            ),
          ),
        ));
      // One flat string (a concatenation would be one V8 walks again to measure and send).
      return { items: ['[', (items ?? []).join(','), ']'].join(''), total: total as Count };
    };
  };
  return async (db: Db, args: Args, { limit, offset }: PageQuery) => {
    // A whole number from 1 to LIST_CAP (the list query's schema): at most that many shapes.
    const size = Math.min(Math.max(1, Math.trunc(limit ?? LIST_CAP)), LIST_CAP);
    const key = `${db.engine} ${size}`;
    let read = pages.get(key);
    if (!read) {
      read = readerOf(db.engine, size);
      pages.set(key, read);
    }
    const { items, total } = await read(db, args, offset ?? 0);
    return {
      items: new JsonItems(items),
      // PostgreSQL counts in bigint, which pg hands over as a string.
      total: Number(total ?? 0),
    };
  };
}
