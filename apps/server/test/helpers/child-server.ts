import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { TEST_ENGINE } from './test-app.js';

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const TSCONFIG = path.resolve(import.meta.dirname, '../../tsconfig.json');
// Resolved from this file, so the child does not depend on the directory the tests run from.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SERVING = / is serving on (http:\/\/\S+) \((sqlite|postgres)\)/;
const START_TIMEOUT_MS = 30_000;

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
  const name = `nexusplay_${purpose}_${randomBytes(6).toString('hex')}`;
  await runOn(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.href;
  return {
    dataDir,
    sqliteFile: undefined,
    env,
    query: (text) => runOn(url.href, text),
    async remove() {
      try {
        await runOn(adminUrl, `drop database if exists ${name} with (force)`);
      } finally {
        removeDir();
      }
    },
  };
}

async function runOn(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end();
  }
}

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

export type ChildServer = {
  url: string;
  engine: 'sqlite' | 'postgres';
  /** Everything the process has printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once the output matches; rejects if the process ends first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<ChildExit>;
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL unless it has already ended; safe to call from afterAll whatever happened. */
  kill(): Promise<void>;
};

const running = new Set<() => void>();
// A test runner that dies mid-test must not leave servers behind on the machine.
process.once('exit', () => running.forEach((kill) => kill()));

/**
 * The production entry point (src/main.ts) in a process of its own, on 127.0.0.1 and a port the
 * system picks, with nothing inherited from the caller's environment and every third-party
 * address pointing at 127.0.0.1 unless `env` names a local fake.
 */
export async function startChildServer(
  data: ChildData,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', TSX_LOADER, MAIN], {
    // The data directory holds no .env file, so the server sees only the variables below.
    cwd: data.dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      TSX_TSCONFIG_PATH: TSCONFIG,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(data.dataDir, 'no-web-build'),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin password for tests',
      LOG_LEVEL: 'warn',
      SEED_DEMO_CONTENT: 'false',
      REGISTER_MAX_PER_HOUR: '10000',
      PRICE_API_URL: 'http://127.0.0.1:9',
      FX_API_URL: 'http://127.0.0.1:9/fx',
      ...data.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  let ended = false;
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      running.delete(killNow);
      listeners.forEach((listener) => listener());
      resolve({ code, signal });
    });
  });
  function killNow() {
    if (!ended) child.kill('SIGKILL');
  }
  running.add(killNow);

  const waitForOutput = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(output)) done();
        else if (ended) done(new Error(`server ended before printing ${pattern}:\n${output}`));
      };
      const timer = setTimeout(
        () => done(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      listeners.add(check);
      check();
    });

  try {
    await waitForOutput(SERVING, START_TIMEOUT_MS);
  } catch (error) {
    killNow();
    await exited;
    throw error;
  }
  const [, url, engine] = SERVING.exec(output)!;
  return {
    url: url!,
    engine: engine as 'sqlite' | 'postgres',
    output: () => output,
    waitForOutput,
    exited,
    signal(signal) {
      child.kill(signal);
    },
    async kill() {
      killNow();
      await exited;
    },
  };
}
