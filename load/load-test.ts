/**
 * Load without loss. Starts the server on a temporary database, runs LOAD_CLIENTS virtual
 * clients (players and a few administrators) for LOAD_DURATION seconds of mixed reads and
 * writes across LOAD_PLAYERS accounts, stops the server and checks, straight in the database,
 * that every table holds exactly what was acknowledged. Fails on any unexpected status, 5xx,
 * timeout, socket error, stale read, server error log line or database difference.
 *
 *   --engine sqlite|postgres   repeatable; default SQLite, and PostgreSQL too when
 *                              TEST_DATABASE_URL is set (a fresh database, dropped afterwards)
 *   --duration <seconds>       overrides LOAD_DURATION (default 60)
 *   --clients <n>              overrides LOAD_CLIENTS (default 100)
 *   --players <n>              overrides LOAD_PLAYERS (default 40)
 *   LOAD_SERVER_ENTRY          the server to run (default apps/server/dist/main.js; a .ts file
 *                              runs through tsx)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseOptionsFor } from '../apps/server/src/db/database.js';
import { Recorder } from './http-client.js';
import { Ledger } from './ledger.js';
import { startServer, type RunningServer } from './server-process.js';
import { startFakeUpstream } from '../harness/fake-upstream.js';
import { createScratchDatabase, type ScratchDatabase } from '../harness/scratch-database.js';
import { resolveServerEntry } from '../harness/server-process.js';
import { verifyDatabase, type TableCheck } from './verify.js';
import { runClients, setUp } from './workload.js';

type Engine = 'sqlite' | 'postgres';

const REQUEST_TIMEOUT_MS = 10_000;
/** Start, sign-ups, the last requests, shutdown and verification, beyond the load itself. */
const OVERHEAD_MS = 240_000;
const ADMIN = {
  email: 'admin@load.example',
  username: 'loadadmin',
  password: 'load-admin-password',
};

function positiveInteger(name: string, value: string | undefined, fallback: number) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  }
  return number;
}

function readSettings() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', multiple: true },
      duration: { type: 'string' },
      clients: { type: 'string' },
      players: { type: 'string' },
    },
  });
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const engines = (values.engine ?? (databaseUrl ? ['sqlite', 'postgres'] : ['sqlite'])).map(
    (engine) => {
      if (engine !== 'sqlite' && engine !== 'postgres') {
        throw new Error(`--engine must be sqlite or postgres, not "${engine}"`);
      }
      return engine as Engine;
    },
  );
  if (engines.includes('postgres') && !databaseUrl) {
    throw new Error(
      '--engine postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test',
    );
  }
  return {
    engines,
    databaseUrl,
    durationMs:
      positiveInteger('--duration', values.duration ?? process.env.LOAD_DURATION, 60) * 1000,
    clients: positiveInteger('--clients', values.clients ?? process.env.LOAD_CLIENTS, 100),
    players: positiveInteger('--players', values.players ?? process.env.LOAD_PLAYERS, 40),
    entry: resolveServerEntry('LOAD_SERVER_ENTRY'),
  };
}

type Settings = ReturnType<typeof readSettings>;

/** What to stop and remove when a run is abandoned (time bound passed, or interrupted). */
const emergencyStops = new Set<() => Promise<void> | void>();

async function abandon(reason: string, exitCode: number) {
  console.error(`\n${reason}; stopping the server and cleaning up.`);
  const deadline = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
  await Promise.race([Promise.allSettled([...emergencyStops].map((stop) => stop())), deadline]);
  process.exit(exitCode);
}

function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function printSummary(
  engine: Engine,
  settings: Settings,
  recorder: Recorder,
  elapsedMs: number,
  checks: TableCheck[],
  exitCode: number | null,
  serverErrors: string[],
) {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const latencies = sorted([...recorder.latencies.values()].flat());
  const total = latencies.length;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\n== ${engine}: ${settings.clients} clients over ${settings.players} players and the administrator, ${(elapsedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `requests ${total}, ${(total / (elapsedMs / 1000)).toFixed(0)} req/s; latency p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );
  const routes = [...recorder.latencies].sort(([a], [b]) => a.localeCompare(b));
  for (const [route, values] of routes) {
    const own = sorted(values);
    console.log(
      `  ${route.padEnd(38)} ${String(own.length).padStart(7)}  p50 ${ms(percentile(own, 0.5)).padStart(10)}  p99 ${ms(percentile(own, 0.99)).padStart(10)}`,
    );
  }
  console.log(`writes acknowledged: ${recorder.acknowledgedWrites}`);
  console.log(
    `rows verified: ${checks.map((check) => `${check.table} ${check.verified}`).join(', ')}`,
  );
  console.log(
    `errors: ${recorder.count('status')} unexpected status (${recorder.status5xx} of them 5xx), ${recorder.count('timeout')} timeouts, ${recorder.count('socket')} socket errors, ${recorder.count('check')} stale or wrong answers, ${serverErrors.length} server error log lines, ${checks.reduce((sum, check) => sum + check.problems.length, 0)} database differences; server exit code ${exitCode}`,
  );
  const details = [
    ...recorder.failures.map((failure) => `${failure.kind} ${failure.route}: ${failure.detail}`),
    ...serverErrors.map((line) => `server log: ${line.slice(0, 300)}`),
    ...checks.flatMap((check) => check.problems),
  ];
  for (const line of details.slice(0, 30)) console.log(`  ! ${line}`);
  if (details.length > 30) console.log(`  ! ... and ${details.length - 30} more`);
  return details.length === 0 && exitCode === 0;
}

async function runEngine(engine: Engine, settings: Settings): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-load-'));
  // An outage throughout: the server serves its fallback figures and no request leaves the machine.
  const upstream = await startFakeUpstream({ mode: 'unavailable' });
  let database: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  const emergencyStop = async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  emergencyStops.add(emergencyStop);
  try {
    if (engine === 'postgres')
      database = await createScratchDatabase(settings.databaseUrl!, 'load');
    server = await startServer({
      entry: settings.entry,
      dataDir,
      databaseUrl: database?.url,
      upstreamUrl: upstream.url,
      admin: ADMIN,
    });
    const ledger = new Ledger();
    const setup = new Recorder();
    const connection = { port: server.port, timeoutMs: REQUEST_TIMEOUT_MS };
    console.log(
      `\n${engine}: server on port ${server.port}; registering ${settings.players} players`,
    );
    const sessions = await setUp(
      { ...connection, recorder: setup, ledger },
      settings.players,
      ADMIN,
    );

    console.log(`${engine}: ${settings.clients} clients for ${settings.durationMs / 1000} s`);
    const recorder = new Recorder();
    const elapsedMs = await runClients(
      { ...connection, recorder, ledger, blogIds: sessions.blogIds },
      sessions,
      settings.clients,
      settings.durationMs,
      setup,
    );

    const exitCode = await server.stop();
    // The database the server used, found the way the server finds it.
    const checks = await verifyDatabase(
      databaseOptionsFor({ databaseUrl: database?.url, dataDir }),
      ledger,
    );
    return printSummary(
      engine,
      settings,
      recorder,
      elapsedMs,
      checks,
      exitCode,
      await server.errorLines(),
    );
  } finally {
    await server?.kill();
    await upstream.close();
    await database?.drop();
    emergencyStops.delete(emergencyStop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let settings: Settings;
try {
  settings = readSettings();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const bound = settings.engines.length * (settings.durationMs + OVERHEAD_MS);
const watchdog = setTimeout(
  () => void abandon(`The run passed its time bound of ${bound / 1000} s`, 1),
  bound,
).unref();
process.once('SIGINT', () => void abandon('Interrupted', 130));
process.once('SIGTERM', () => void abandon('Terminated', 143));

let passed = true;
for (const engine of settings.engines) {
  const enginePassed = await runEngine(engine, settings).catch((error: unknown) => {
    console.error(error);
    return false;
  });
  console.log(enginePassed ? `${engine}: PASS` : `${engine}: FAIL`);
  passed &&= enginePassed;
}
clearTimeout(watchdog);
process.exit(passed ? 0 : 1);
