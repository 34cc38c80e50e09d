import type { Expression, ExpressionBuilder, Generated, Kysely, SqlBool } from 'kysely';
import { LIST_CAP, type TListQuery } from '@nexusplay/contract/lists';
import { nowTimestamp } from '../../db/codecs.js';
import type { Db } from '../../db/database.js';
import { compiledJsonPage, pageColumn, pageWithTotal } from '../../db/paged-list.js';
import type { JsonItems } from '../../lib/json-items.js';
import {
  personalListTotal,
  searchCandidates,
  searchPostgres,
  type PersonalList,
} from '../../db/personal-search.js';
import type { Database } from '../../db/schema.js';
import { SEARCH_COUNT_LOOKAHEAD } from '../../db/search.js';
import { batches, inBatches } from '../../lib/row-import.js';

type DB = Kysely<Database>;

/** The tables of a user's own rows: each row has its id and its owner. */
export type OwnTable = PersonalList | 'income_records';

/**
 * Any of those tables as the helpers here see it: by the columns they all have, the others by
 * name (a caller's column lists are checked against its own table's type). The name the queries
 * use is the real table's.
 */
type OwnRows = {
  own: { id: Generated<number>; user_id: number; [column: string]: unknown };
};
const ownRows = (db: DB) => db as unknown as Kysely<OwnRows>;
const named = (table: OwnTable) => table as unknown as 'own';

/**
 * The user's rows of `table` after the id `after`, `limit` of them in id order (a page of an
 * export), with `columns`; `matching` narrows them further by equal values (a tracker's token).
 */
export function ownRowsAfter<Row>(
  db: DB,
  table: OwnTable,
  columns: readonly string[],
  page: { userId: number; after: number; limit: number },
  matching: Record<string, string> = {},
) {
  let query = ownRows(db)
    .selectFrom(named(table))
    .select(columns)
    .where('user_id', '=', page.userId)
    .where('id', '>', page.after);
  for (const [column, value] of Object.entries(matching)) query = query.where(column, '=', value);
  return query.orderBy('id').limit(page.limit).execute() as Promise<unknown[]> as Promise<Row[]>;
}

/** How a search of a list finds its rows on each engine. */
export type ListSearch<L extends PersonalList> = {
  /** PostgreSQL: the condition, answered through the list's stored search text. */
  postgres: (eb: ExpressionBuilder<Database, L>) => Expression<SqlBool>;
  /** SQLite: the text the FTS index narrows the rows by, then the condition that decides. */
  candidatesOf: string;
  sqlite: (eb: ExpressionBuilder<Database, L>) => Expression<SqlBool>;
};

/** What makes one personal list (wallets, links) different from another. */
export type PersonalListTable<L extends PersonalList, Row, Item, Values> = {
  list: L;
  /** The columns of a row between its owner and its times, in the order files show them. */
  ownColumns: readonly (keyof Database[L] & string)[];
  toItem: (row: Row) => Item;
  /** What a row stores of the values the user gives. */
  stored: (values: Values) => Partial<Record<keyof Database[L], unknown>>;
  /** The column that makes two rows the same thing (imports skip a row whose key is listed). */
  key: keyof Database[L] & string;
  search: (q: string) => ListSearch<L>;
};

/**
 * The queries of one personal list: each user's own rows, paged and searched, written, and read a
 * page at a time for the exports. Another user's row is not found.
 */
export function personalListRepository<
  L extends PersonalList,
  Row extends { id: number },
  Item,
  Values,
>(table: PersonalListTable<L, Row, Item, Values>) {
  const { list, toItem, stored } = table;
  const key: string = table.key;
  /** The columns of the list's answers. */
  const columns = ['id', 'user_id', ...table.ownColumns, 'created_at'];
  /** The columns of the account file (docs/account-export.md): the owner is the file's. */
  const storedColumns = ['id', ...table.ownColumns, 'created_at', 'updated_at'];

  /**
   * The first pages every tool asks, without a search: one shape, compiled once, read as the
   * JSON the answer sends.
   */
  const firstPage = compiledJsonPage<[userId: number]>((db, arg) => ({
    rows: ownRows(db)
      .selectFrom(named(list))
      .where('user_id', '=', arg(0))
      // Each row as the answer sends it, kept by the database (migration 0024).
      .select(['id', 'item_json'])
      .orderBy('id'),
    order: [['id', 'asc']],
    item: pageColumn('item_json'),
    totalOf: { expression: personalListTotal(db, arg(0), list) },
  }));

  /** A new row's values as stored, with its owner and times. */
  const newRow = (userId: number, values: Values, now: string) => ({
    ...stored(values),
    user_id: userId,
    created_at: now,
    updated_at: now,
  });

  return {
    storedColumns,

    /**
     * A page of the user's rows and the total: kept per user without a search; with one, counted
     * up to SEARCH_COUNT_LOOKAHEAD past the page (a lower bound beyond), the index narrowing the
     * rows tested (migrations 0014 and 0016).
     */
    async list(
      database: Db,
      userId: number,
      query: TListQuery,
    ): Promise<{ items: Item[] | JsonItems; total: number; totalIsLowerBound: boolean }> {
      const { kysely: db, engine } = database;
      const q = query.q;
      if (!q) return { ...(await firstPage(database, [userId], query)), totalIsLowerBound: false };
      const upTo = (query.offset ?? 0) + (query.limit ?? LIST_CAP) + SEARCH_COUNT_LOOKAHEAD;
      const search = table.search(q);
      if (engine === 'postgres') {
        const page = await searchPostgres<L, Row>(
          db,
          list,
          userId,
          columns,
          { limit: query.limit ?? LIST_CAP, offset: query.offset ?? 0, upTo },
          search.postgres,
        );
        return { ...page, items: page.items.map(toItem) };
      }
      let base = ownRows(db).selectFrom(named(list)).where('user_id', '=', userId);
      const candidates = await searchCandidates(db, list, userId, search.candidatesOf);
      if (candidates) base = base.where(candidates);
      base = base.where((eb) => search.sqlite(eb as unknown as ExpressionBuilder<Database, L>));
      const rows = base.select(columns).orderBy('id').$castTo<Row>();
      const page = await pageWithTotal(rows, query, { upTo });
      return { ...page, items: page.items.map(toItem) };
    },

    /** The user's rows after the id `after`, `limit` of them in id order (a page of a CSV). */
    async after(db: DB, userId: number, after: number, limit: number) {
      const rows = await ownRowsAfter<Row>(db, list, columns, { userId, after, limit });
      return rows.map(toItem);
    },

    /** The user's rows as the account file has them, a page at a time. */
    storedAfter: (db: DB, userId: number, after: number, limit: number) =>
      ownRowsAfter<Record<string, unknown>>(db, list, storedColumns, { userId, after, limit }),

    /** Which of `keys` the user's list holds already, asked in batches. */
    async existing(db: DB, userId: number, keys: readonly string[]) {
      const found = new Set<string>();
      await inBatches(keys, async (batch) => {
        const rows = await ownRows(db)
          .selectFrom(named(list))
          .select(key)
          .where('user_id', '=', userId)
          .where(key, 'in', batch)
          .execute();
        for (const row of rows) found.add(String(row[key]));
      });
      return found;
    },

    async insert(db: DB, userId: number, values: Values) {
      const row = await ownRows(db)
        .insertInto(named(list))
        .values(newRow(userId, values, nowTimestamp()))
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toItem(row as unknown as Row);
    },

    /**
     * Saves imported rows a few hundred to a statement, back to back: inside a transaction on
     * SQLite's one connection, a turn for other requests would only keep their queries waiting.
     */
    async insertMany(db: DB, userId: number, rows: readonly Values[]) {
      const now = nowTimestamp();
      for (const batch of batches(rows)) {
        await ownRows(db)
          .insertInto(named(list))
          .values(batch.map((values) => newRow(userId, values, now)))
          .execute();
      }
    },

    /** Changes a row of `userId`; another user's row is not found (undefined). */
    async update(db: DB, userId: number, id: number, values: Values) {
      const row = await ownRows(db)
        .updateTable(named(list))
        .set({ ...stored(values), updated_at: nowTimestamp() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(columns)
        .executeTakeFirst();
      return row && toItem(row as unknown as Row);
    },

    remove(db: DB, userId: number, id: number) {
      return ownRows(db)
        .deleteFrom(named(list))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
    },
  };
}

export type PersonalListRepository<Item, Values> = Pick<
  ReturnType<typeof personalListRepository<PersonalList, { id: number }, Item, Values>>,
  'list' | 'after' | 'existing' | 'insert' | 'insertMany' | 'update' | 'remove'
>;
