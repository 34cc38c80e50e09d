import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createScratchDatabase, queryRows } from '../../../../harness/scratch-database.js';
import {
  SOURCE_ENTRY,
  startServer,
  type ServerProcess,
} from '../../../../harness/server-process.js';
import { TEST_ENGINE } from './test-app.js';

/**
 * Where a server started as a child keeps its data: a temporary data directory, and on
 * PostgreSQL a database of its own created from TEST_DATABASE_URL. Outlives any one child, so a
 * restarted server finds what the previous one wrote.
 */
export type ChildData = {
  dataDir: string;
  /** The embedded database file; undefined on PostgreSQL. */
  sqliteFile: string | undefined;
  /** What a server needs in its environment to use this data. */
  env: Record<string, string>;
  /** Runs one statement against the data directly, bypassing the server. */
  query(text: string): Promise<Record<string, unknown>[]>;
  remove(): Promise<void>;
};

export async function createChildData(purpose: string): Promise<ChildData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nexusplay-${purpose}-`));
  // One secret for the data's lifetime, so tokens issued before a restart stay valid after it.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  if (TEST_ENGINE === 'sqlite') {
    const sqliteFile = path.join(dataDir, 'nexusplay.db');
    return {
      dataDir,
      sqliteFile,
      env,
      async query(text) {
        const db = new SQLite(sqliteFile, { fileMustExist: true });
        try {
          return db.prepare(text).all() as Record<string, unknown>[];
        } finally {
          db.close();
        }
      },
      async remove() {
        removeDir();
      },
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const database = await createScratchDatabase(adminUrl, purpose);
  env.DATABASE_URL = database.url;
  return {
    dataDir,
    sqliteFile: undefined,
    env,
    query: (text) => queryRows(database.url, text),
    async remove() {
      try {
        await database.drop();
      } finally {
        removeDir();
      }
    },
  };
}

export type ChildServer = ServerProcess & { engine: 'sqlite' | 'postgres' };

/**
 * The production entry point (src/main.ts) in a process of its own, on 127.0.0.1 and a port the
 * system picks, with nothing inherited from the caller's environment and every third-party
 * address pointing at 127.0.0.1 unless `env` names a local fake.
 */
export async function startChildServer(
  data: ChildData,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const server = await startServer({
    entry: SOURCE_ENTRY,
    dataDir: data.dataDir,
    inheritEnv: false,
    timeoutMs: 30_000,
    env: {
      WEB_DIST_DIR: path.join(data.dataDir, 'no-web-build'),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin password for tests',
      LOG_LEVEL: 'warn',
      SEED_DEMO_CONTENT: 'false',
      REGISTER_MAX_PER_HOUR: '10000',
      PRICE_API_URL: 'http://127.0.0.1:9',
      FX_API_URL: 'http://127.0.0.1:9/fx',
      RONIN_RPC_URL: 'http://127.0.0.1:9',
      ...data.env,
      ...env,
    },
  });
  return { ...server, engine: server.engine ?? TEST_ENGINE };
}
