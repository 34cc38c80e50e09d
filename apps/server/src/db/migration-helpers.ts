import type { CreateTableBuilder } from 'kysely';

/*
 * What migrations share. A migration runs the same statements on every install, whenever it runs
 * (docs: README, Data), so migrations import only Kysely and this file, and this file imports only
 * Kysely: nothing here follows the application's code. A helper, once a shipped migration uses it,
 * is never changed; a migration that needs something else gets a new helper (or its own copy).
 */

/** The two engines, spelled as the migrator passes them. */
export type MigrationEngine = 'sqlite' | 'postgres';

/** An auto-incrementing integer primary key named id, spelled the way each engine wants it. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T>,
  engine: MigrationEngine,
) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/**
 * The column type of a timestamp, boolean, bigint or blob on each engine, as migrations 0001 to
 * 0013 wrote them (a copy of db/codecs.ts's columnType as it was then).
 */
export function columnType(
  engine: MigrationEngine,
  kind: 'timestamp' | 'boolean' | 'bigint' | 'blob',
) {
  if (engine === 'postgres') {
    return (
      { timestamp: 'timestamptz', boolean: 'boolean', bigint: 'bigint', blob: 'bytea' } as const
    )[kind];
  }
  return ({ timestamp: 'text', boolean: 'integer', bigint: 'integer', blob: 'blob' } as const)[
    kind
  ];
}
