import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs `work` in a transaction: the one `db` already is (a service built on the caller's
 * transaction, as the seed builds them, joins it), else a new one.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
