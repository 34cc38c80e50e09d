import type { Kysely } from 'kysely';
import { compiledOnceNow } from './compiled-once.js';
import type { Db } from './database.js';
import { mapValueOrPromise } from '../lib/value-or-promise.js';
import type { Database, VersionedList } from './schema.js';

/** The user whose versions are the shared lists' (migration 0015). */
const SHARED_OWNER = 0;

/** What an answer is read from: the caller's own lists, and lists every user shares. */
export type AnswerSources = { own: readonly VersionedList[]; shared?: readonly VersionedList[] };

/**
 * A reader of the versions of `sources` for one user, as one text that changes whenever any of
 * them is written (a list never written has no row: version 0). One indexed statement, compiled
 * once; it runs on every signed-in answer kept in memory, at once on SQLite (compiledOnceNow).
 */
export function listVersionsReader({ own, shared = [] }: AnswerSources) {
  const read = compiledOnceNow<
    [userId: number],
    { list: string; user_id: number; version: number }
  >((db, arg) =>
    db
      .selectFrom('list_versions')
      .select(['list', 'user_id', 'version'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', arg(0)), eb('list', 'in', [...own])]),
          ...(shared.length
            ? [eb.and([eb('user_id', '=', SHARED_OWNER), eb('list', 'in', [...shared])])]
            : []),
        ]),
      )
      .orderBy('list')
      .orderBy('user_id'),
  );
  return (db: Db, userId: number): string | Promise<string> =>
    mapValueOrPromise(read(db, [userId]), (rows) => {
      let text = '';
      for (const row of rows) text += `${row.list}/${row.user_id}:${row.version};`;
      return text;
    });
}

/**
 * Raises the versions of `list` for `userIds`, for a table no trigger versions: call it inside
 * the transaction that writes the rows, so no kept answer outlives the write.
 */
export async function raiseListVersions(
  db: Kysely<Database>,
  list: VersionedList,
  userIds: readonly number[],
) {
  // One row per user: PostgreSQL refuses an upsert that touches a row twice.
  const owners = [...new Set(userIds)];
  if (owners.length === 0) return;
  await db
    .insertInto('list_versions')
    .values(owners.map((user_id) => ({ list, user_id, version: 1 })))
    .onConflict((oc) =>
      oc
        .columns(['list', 'user_id'])
        .doUpdateSet((eb) => ({ version: eb(eb.ref('list_versions.version'), '+', 1) })),
    )
    .execute();
}

/** Raises the version of a list every user reads (user 0's), inside the transaction that writes it. */
export function raiseSharedListVersion(db: Kysely<Database>, list: VersionedList) {
  return raiseListVersions(db, list, [SHARED_OWNER]);
}
