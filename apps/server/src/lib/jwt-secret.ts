import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const META_KEY = 'jwt_secret';

/**
 * The configured secret, else one generated on first start and kept in the database, so that
 * tokens survive restarts and every instance on the same database signs with the same key.
 */
export async function resolveJwtSecret(
  configured: string | undefined,
  db: Kysely<Database>,
): Promise<string> {
  if (configured) return configured;
  const stored = await readStored(db);
  if (stored) return stored;
  await db
    .insertInto('app_meta')
    .values({ key: META_KEY, value: randomBytes(48).toString('base64url') })
    // Instances starting together race here; whichever insert lands, all read the same value.
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const secret = await readStored(db);
  if (!secret) throw new Error('The signing secret could not be stored.');
  return secret;
}

async function readStored(db: Kysely<Database>) {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  return row?.value;
}
