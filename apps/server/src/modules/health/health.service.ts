import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pingDatabase } from './health.repository.js';

/** What the health checks need from the app. */
export type HealthDeps = { db: Kysely<Database> };

export function healthService({ db }: HealthDeps) {
  return {
    /** Resolves once the database has answered the cheapest statement. */
    pingDatabase: () => pingDatabase(db),
  };
}
