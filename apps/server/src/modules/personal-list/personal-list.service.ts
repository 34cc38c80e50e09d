import type { z } from 'zod';
import type { TListQuery } from '@nexusplay/contract/lists';
import type { PersonalList } from '../../db/personal-search.js';
import { overCap, overCapReason, roomInList } from '../../db/row-caps.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { importRows, type ImportPlan } from '../../lib/row-import.js';
import type { PersonalListRepository } from './personal-list.repository.js';

/** What a personal list needs from the app; `cap` is how many rows one user may keep. */
export type PersonalListDeps = { database: Db; cap: number };

/** What makes one personal list's service different from another's. */
export type PersonalListRules<Item, Values> = {
  list: PersonalList;
  repository: PersonalListRepository<Item, Values>;
  /** The rows in the refusal past the cap: "You can keep at most 1,000 wallets." */
  rows: string;
  notFound: string;
  /** A row of an import file, validated like a typed one. */
  schema: z.ZodType<Values>;
  /** What makes two rows the same thing, as the repository's key column stores it. */
  keyOf: (values: Values) => string;
  /** An uploaded file's rows, each with its line for the report. */
  rowsOf: (text: string) => Promise<ImportPlan<Values>['rows']>;
  /** The error a failed write answers, given the database's (a clash with a unique index). */
  failure?: (error: unknown) => unknown;
};

/** One user's own list of rows (wallets, links); another user's row is not found. */
export function personalListService<Item, Values>(
  { database, cap }: PersonalListDeps,
  rules: PersonalListRules<Item, Values>,
) {
  const db = database.kysely;
  const { list, repository } = rules;
  const failure = rules.failure ?? ((error: unknown) => error);
  /** A write, its error answered as the list's rules say. */
  const writing = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      throw failure(error);
    }
  };

  return {
    list: (userId: number, query: TListQuery) => repository.list(database, userId, query),

    /** A page of the user's rows after id `after`, for the CSV export. */
    pageAfter: (userId: number, after: number, limit: number) =>
      repository.after(db, userId, after, limit),

    /** A row added to the user's list, unless they have `cap` already (409 saying the cap). */
    create: (userId: number, values: Values) =>
      writing(() =>
        db.transaction().execute(async (trx) => {
          if ((await roomInList(trx, userId, list, cap, 1)) < 1) throw overCap(cap, rules.rows);
          return repository.insert(trx, userId, values);
        }),
      ),

    update: (userId: number, id: number, values: Values) =>
      writing(async () => {
        const row = await repository.update(db, userId, id, values);
        if (!row) throw notFound(rules.notFound);
        return row;
      }),

    async remove(userId: number, id: number) {
      if (!(await repository.remove(db, userId, id))) throw notFound(rules.notFound);
    },

    /**
     * A file's rows added to the user's list, all or none; rows already listed are skipped and
     * rows past the user's cap refused.
     */
    async import(userId: number, text: string) {
      return importRows({
        rows: await rules.rowsOf(text),
        schema: rules.schema,
        keyOf: rules.keyOf,
        existing: (keys) => repository.existing(db, userId, keys),
        save: (rows) =>
          db.transaction().execute(async (trx) => {
            const room = await roomInList(trx, userId, list, cap, rows.length);
            await repository.insertMany(trx, userId, rows.slice(0, room));
            return room;
          }),
        overCap: overCapReason(cap, rules.rows),
      });
    },
  };
}

export type PersonalListService<Item, Values> = ReturnType<
  typeof personalListService<Item, Values>
>;
