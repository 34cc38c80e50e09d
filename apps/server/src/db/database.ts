import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { pgTypeParser } from './codecs.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { withStatementCache } from './statement-cache.js';
import { migrateToLatest } from './migrate.js';
import type { Database, Engine } from './schema.js';
import type { Config } from '../config.js';

export type Db = {
  kysely: Kysely<Database>;
  engine: Engine;
  /**
   * SQLite only: runs compiled reads at once, without a turn of the event loop, when no
   * transaction is open on the connection (undefined otherwise: run them through `kysely`, which
   * waits for the transaction to end), and answers each one's rows. Never inside a transaction: a
   * read there would see writes that may yet be rolled back. Several are read one after the
   * other, with nothing of this process's between them. With `firstColumn`, each row is its first
   * column alone (no object is made per row).
   */
  readNow?: (queries: readonly CompiledQuery[], firstColumn?: boolean) => unknown[][] | undefined;
  /**
   * SQLite only: a count that moves whenever the file may have changed since it last did: at once
   * for this process's own inserts, updates and deletes (SQLite's total_changes(), asked without
   * touching the file), and within RECHECK_MS for a commit by another process, the admin CLI or
   * an edit by hand (PRAGMA data_version, which reads the file's WAL index, so asked at most
   * that often). Unchanged, nothing can have been written since.
   */
  changesNow?: () => number;
  close(): Promise<void>;
};

/** How late a commit to the SQLite file by another process may show in `changesNow`. */
export const RECHECK_MS = 1_000;

export type DatabaseOptions = (
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; schema?: string; maxConnections?: number }
) & {
  /** Tests only: stop after this migration, to write data as an older version would have. */
  migrateUpTo?: string | undefined;
};

function openSqlite(file: string): Pick<Db, 'kysely' | 'readNow' | 'changesNow'> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer. With WAL, synchronous=NORMAL never loses a
  // committed transaction when the process dies, even by SIGKILL: the commit is written to the WAL
  // file (the operating system holds it from then on) before the statement returns. Only an
  // operating-system crash or power cut may roll back the last commits, and even then the file
  // stays consistent; FULL would prevent that by paying an fsync of the WAL on every commit.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of pages in memory (README, Caches): with the default 2 MiB the benchmark's first
  // pages of a thousand users read their pages from the file again, at 10-15% more CPU.
  sqlite.pragma('cache_size = -65536');
  const database = withStatementCache<SQLite.Statement>(sqlite);
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let own = -1;
  let others = -1;
  let othersAt = Number.NEGATIVE_INFINITY;
  let count = 0;
  const changesNow = () => {
    const now = Date.now();
    if (now - othersAt >= RECHECK_MS) {
      othersAt = now;
      const version = Number(dataVersion.get());
      if (version !== others) [others, count] = [version, count + 1];
    }
    const changes = Number(totalChanges.get());
    if (changes !== own) [own, count] = [changes, count + 1];
    return count;
  };
  const read = (query: CompiledQuery, firstColumn: boolean) => {
    const statement = database.prepare(query.sql);
    if (!firstColumn) return statement.all(query.parameters);
    // The statement is Kysely's too (the same SQL text run inside a transaction): plucked for
    // this read only.
    statement.pluck(true);
    try {
      return statement.all(query.parameters);
    } finally {
      statement.pluck(false);
    }
  };
  return {
    changesNow,
    kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    readNow: (queries, firstColumn = false) =>
      sqlite.inTransaction ? undefined : queries.map((query) => read(query, firstColumn)),
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function openPostgres(url: string, schema: string | undefined, max: number): Kysely<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw new Error(`Invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        pgTypeParser(oid, pg.types.getTypeParser(oid, format as 'text')),
    },
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
}

/**
 * Opens the database and brings its schema up to date before anything else uses it (or, for a
 * test of a migration, only up to the one named `migrateUpTo`).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const { kysely, readNow, changesNow } =
    options.engine === 'sqlite'
      ? openSqlite(options.file)
      : { kysely: openPostgres(options.url, options.schema, options.maxConnections ?? 10) };
  try {
    await migrateToLatest(
      kysely as Kysely<unknown>,
      options.engine,
      options.engine === 'postgres' ? options.schema : undefined,
      options.migrateUpTo,
    );
  } catch (error) {
    await kysely.destroy();
    throw error;
  }
  return {
    kysely,
    engine: options.engine,
    ...(readNow ? { readNow } : {}),
    ...(changesNow ? { changesNow } : {}),
    close: () => kysely.destroy(),
  };
}

/** PostgreSQL when DATABASE_URL is set, else the embedded SQLite file in the data directory. */
export function databaseOptionsFor(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): DatabaseOptions {
  return config.databaseUrl
    ? { engine: 'postgres', url: config.databaseUrl }
    : { engine: 'sqlite', file: path.join(config.dataDir, 'nexusplay.db') };
}
