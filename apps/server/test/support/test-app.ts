import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Db, type DatabaseOptions } from '../../src/db/database.js';
import { runStatement } from '../../../../harness/scratch-database.js';

export const TEST_ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export type TestDatabase = {
  db: Db;
  dataDir: string;
  /** The SQLite file, for a test that writes to it as another process would; undefined on PostgreSQL. */
  sqliteFile: string | undefined;
  schema?: string;
  drop(): Promise<void>;
};

/**
 * A database of its own for one test file: a fresh SQLite file, or on PostgreSQL a fresh schema
 * in TEST_DATABASE_URL that is dropped afterwards, so runs never see each other's rows.
 */
export async function createTestDatabase({
  upTo,
}: { upTo?: string | undefined } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-test-'));
  let options: DatabaseOptions;
  let dropSchema = async () => {};
  let schema: string | undefined;
  let sqliteFile: string | undefined;
  if (TEST_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    schema = `test_${randomBytes(6).toString('hex')}`;
    await runStatement(url, `create schema ${schema}`);
    options = { engine: 'postgres', url, schema, maxConnections: 4, migrateUpTo: upTo };
    const name = schema;
    dropSchema = () => runStatement(url, `drop schema if exists ${name} cascade`);
  } else {
    sqliteFile = path.join(dataDir, 'test.db');
    options = { engine: 'sqlite', file: sqliteFile, migrateUpTo: upTo };
  }
  let db: Db;
  try {
    db = await openDatabase(options);
  } catch (error) {
    await dropSchema();
    throw error;
  }
  return {
    db,
    dataDir,
    sqliteFile,
    ...(schema ? { schema } : {}),
    async drop() {
      await db.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The page of the smallest built web app: enough for the page routes and their fallback to exist. */
export const PLAIN_INDEX_HTML =
  '<!doctype html><html><head><title>NexusPlay</title></head><body><div id="root"></div></body></html>';

/** Writes a built web app (its files by path) to `dir`/web-dist, and returns that folder. */
export function writeWebBuild(dir: string, files: Record<string, string>) {
  const distDir = path.join(dir, 'web-dist');
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(distDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return distDir;
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    REGISTER_MAX_PER_HOUR: '10000',
    // No test asks the real Ronin node; those that read balances start one of their own.
    RONIN_RPC_URL: 'http://127.0.0.1:9',
    ...env,
  });
}

export type TestApp = {
  app: App;
  db: Db;
  config: Config;
  /** As TestDatabase's (set by createTestApp). */
  sqliteFile?: string | undefined;
  close(): Promise<void>;
};

/** The real app on a fresh database; call close() in afterAll. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    beforeReady?: (app: App) => void;
  } & Pick<AppDeps, 'logger' | 'mail'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(database.dataDir, options.env);
  const app = await buildApp({
    config,
    db: database.db,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    sqliteFile: database.sqliteFile,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
