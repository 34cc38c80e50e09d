import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { createScratchDatabase, queryRows } from '../../../../harness/scratch-database.js';
import { startProcess, type StartedProcess } from '../../../../harness/child-process.js';
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
  options: { probeLoop?: boolean } = {},
): Promise<ChildServer> {
  const server = await startServer({
    entry: SOURCE_ENTRY,
    ...(options.probeLoop ? { nodeArgs: ['--import', LOOP_PROBE] } : {}),
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

const LOOP_PROBE = fileURLToPath(new URL('./loop-probe.mjs', import.meta.url));

/** The server's own event loop since the previous report (helpers/loop-probe.mjs). */
export type ServerLoop = { longestTurnMs: number; costliestTurnMs: number; turnsOver20Ms: number };

/**
 * What the loop probe of a server started with `probeLoop` saw since the previous call (or since
 * it started): its longest turn and how many turns took over 20 ms.
 */
export async function serverLoop(server: ChildServer): Promise<ServerLoop> {
  const [longest, cpu, over] = await nextReport(server, 'loop-probe');
  return {
    longestTurnMs: Number(longest),
    costliestTurnMs: Number(cpu),
    turnsOver20Ms: Number(over),
  };
}

/** Signals `child` for its next report line `<name> <n> <figures…>` and answers the figures. */
async function nextReport(child: StartedProcess, name: string) {
  const seen = child.output().match(new RegExp(`^${name} \\d+ `, 'gm'))?.length ?? 0;
  child.signal('SIGUSR2');
  const report = new RegExp(`^${name} ${seen + 1} ([\\d. ]+)$`, 'm');
  await child.waitForOutput(report, 5000);
  return report.exec(child.output())![1]!.split(' ').map(Number);
}

const HEALTH_POLLER = fileURLToPath(new URL('./health-poller.mjs', import.meta.url));

/** Health answers timed by a process of its own (helpers/health-poller.mjs). */
export type HealthPoller = {
  /** The answers since the previous report (or the start): how many, and the slowest in ms. */
  report(): Promise<{ polls: number; slowestMs: number }>;
  stop(): Promise<void>;
};

/** Starts asking `server` for /api/health over and over, every `pauseMs`, from another process. */
export async function pollHealth(server: ChildServer, pauseMs = 15): Promise<HealthPoller> {
  const poller = await startProcess({
    args: [HEALTH_POLLER, server.url, String(pauseMs)],
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '' },
    ready: /^health-poller polling (\S+)$/m,
    timeoutMs: 10_000,
  });
  return {
    async report() {
      const [polls, slowestMs] = await nextReport(poller, 'health-poller');
      return { polls: polls!, slowestMs: slowestMs! };
    },
    stop: () => poller.kill(),
  };
}
