import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A source's last good answer as stored (JSON text) with when it was fetched. */
export function readSnapshot(db: Kysely<Database>, source: string) {
  return db
    .selectFrom('gateway_snapshots')
    .select(['payload', 'as_of'])
    .where('source', '=', source)
    .executeTakeFirst();
}

export async function writeSnapshot(
  db: Kysely<Database>,
  source: string,
  payload: string,
  asOf: string,
) {
  await db
    .insertInto('gateway_snapshots')
    .values({ source, payload, as_of: asOf })
    .onConflict((oc) => oc.column('source').doUpdateSet({ payload, as_of: asOf }))
    .execute();
}
