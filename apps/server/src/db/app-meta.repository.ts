import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The installation's own settings and markers, one value per key. */
export async function getAppMeta(db: Kysely<Database>, key: string) {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Stores the value unless the key already has one; answers whether this call stored it. Instances
 * starting together race here, and exactly one of them wins.
 */
export async function insertAppMetaOnce(db: Kysely<Database>, key: string, value: string) {
  const inserted = await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}
