import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The cheapest statement that needs the database to answer. */
export const pingDatabase = (db: Kysely<Database>) => sql`select 1`.execute(db);
