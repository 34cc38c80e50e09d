import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { getAppMeta, insertAppMetaOnce } from '../db/app-meta.repository.js';
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
  const stored = await getAppMeta(db, META_KEY);
  if (stored) return stored;
  // Whichever instance's insert lands, all read the same value afterwards.
  await insertAppMetaOnce(db, META_KEY, randomBytes(48).toString('base64url'));
  const secret = await getAppMeta(db, META_KEY);
  if (!secret) throw new Error('The signing secret could not be stored.');
  return secret;
}
