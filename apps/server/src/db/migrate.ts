import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from './schema.js';
import * as m0001 from './migrations/0001-users.js';
import * as m0002 from './migrations/0002-content.js';
import * as m0003 from './migrations/0003-search-indexes.js';
import * as m0004 from './migrations/0004-notifications-and-visits.js';
import * as m0005 from './migrations/0005-wallets-and-links.js';
import * as m0006 from './migrations/0006-gateway-and-income.js';
import * as m0007 from './migrations/0007-catalogue-scale.js';
import * as m0008 from './migrations/0008-username-keys.js';
import * as m0009 from './migrations/0009-sessions.js';
import * as m0010 from './migrations/0010-income-valued-by-day.js';
import * as m0011 from './migrations/0011-derived-descriptions-and-name-search.js';
import * as m0012 from './migrations/0012-wallet-portfolio.js';
import * as m0013 from './migrations/0013-password-resets.js';
import * as m0014 from './migrations/0014-personal-lists-at-scale.js';
import * as m0015 from './migrations/0015-answer-versions.js';
import * as m0016 from './migrations/0016-personal-search-by-owner.js';
import * as m0017 from './migrations/0017-session-end-reason.js';
import * as m0018 from './migrations/0018-session-ends.js';
import * as m0019 from './migrations/0019-chain-activity.js';
import * as m0020 from './migrations/0020-chain-income.js';
import * as m0021 from './migrations/0021-holdings-and-alerts.js';
import * as m0022 from './migrations/0022-transfer-counts.js';
import * as m0023 from './migrations/0023-notification-and-pending-order.js';
import * as m0024 from './migrations/0024-stored-list-items.js';

type EngineMigration = { up(db: Kysely<unknown>, engine: Engine): Promise<void> };

/** Append-only: a migration, once released, is never edited; a change is a new file. */
const MIGRATIONS: Record<string, EngineMigration> = {
  '0001-users': m0001,
  '0002-content': m0002,
  '0003-search-indexes': m0003,
  '0004-notifications-and-visits': m0004,
  '0005-wallets-and-links': m0005,
  '0006-gateway-and-income': m0006,
  '0007-catalogue-scale': m0007,
  '0008-username-keys': m0008,
  '0009-sessions': m0009,
  '0010-income-valued-by-day': m0010,
  '0011-derived-descriptions-and-name-search': m0011,
  '0012-wallet-portfolio': m0012,
  '0013-password-resets': m0013,
  '0014-personal-lists-at-scale': m0014,
  '0015-answer-versions': m0015,
  '0016-personal-search-by-owner': m0016,
  '0017-session-end-reason': m0017,
  '0018-session-ends': m0018,
  '0019-chain-activity': m0019,
  '0020-chain-income': m0020,
  '0021-holdings-and-alerts': m0021,
  '0022-transfer-counts': m0022,
  '0023-notification-and-pending-order': m0023,
  '0024-stored-list-items': m0024,
};

/** Every migration's name, oldest first. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

class EngineMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, migration]) => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, this.engine) },
      ]),
    );
  }
}

/**
 * Brings the schema up to date, or only up to the migration `upTo` names (for tests of a later
 * migration on data written before it); throws with the failing migration's name.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  engine: Engine,
  schema?: string,
  upTo?: string,
) {
  const migrator = new Migrator({
    db,
    provider: new EngineMigrationProvider(engine),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
