/**
 * npm run bench: performance budgets, end to end, in one run.
 *
 *   1. The API under load against a bare node:http baseline measured in the same run.
 *   2. The transfer follower catching up on 10,000 blocks for 1,000 tracked addresses, beside
 *      the signed-in reads (their budgets against a baseline of their own).
 *   3. The catalogue at 100,000 games and posts against 100: paging and search latency.
 *   4. The signed-in pages of users with 10, 1,000 and 100,000 rows: paging and search latency.
 *   5. The hourly snapshot pass over 2 users with 10,000 wallets each, beside a read load: its
 *      node requests and the read's latency meanwhile.
 *   6. The portfolio's cold node read with NFT holdings beside the token-only read.
 *
 * Prints every figure, then a table of budgets with PASS or FAIL, and exits non-zero when one
 * fails. The machine's arithmetic speed is read at the start and at the end (machine-speed.ts), so
 * that runs on one machine can be compared. Environment:
 *   BENCH_DURATION        seconds of each measured API run (default 20; the warm-up is a quarter)
 *   BENCH_ROWS            rows of the large catalogue and of the largest user (default 100000)
 *   BENCH_ONLY            "api", "catch-up", "catalogue", "personal", "snapshot" or "holdings" to
 *                         run one part ("api" runs the catch-up too, unless BENCH_MATCH is set)
 *   BENCH_WALLETS         wallets of each of the snapshot pass's two users (default 10000)
 *   BENCH_DATABASE_URL or TEST_DATABASE_URL
 *                         a PostgreSQL server: the catalogue is also measured there, in a database
 *                         created for the run and dropped after it
 *   BENCH_SERVER_ENTRY    the server build to start (default apps/server/dist/main.js)
 *   BENCH_MATCH           only the API endpoints whose name holds this text, as "/api/games", or
 *                         one of several texts separated by "|"
 *   BENCH_NODE_ARGS       Node.js options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
 *
 * This process is the load generator, and `npm run bench` starts it with a young generation of
 * 64 MB (--max-semi-space-size=64). With V8's default of 16 MB, the answers in flight on 100
 * connections outlived the scavenges that came every few milliseconds, nearly all of them were
 * promoted, and a full collection ran three times a second: the load generator then spent half of
 * its core collecting garbage, read about 22,000 answers a second here from either server, and put a
 * p99 of 20-50 ms on both. Once entered, that state held for the whole run (bench/RESULTS.md).
 */
import os from 'node:os';
import { runApiBench, runCatchUpBench } from './api-bench.js';
import { runCatalogueBench } from './catalogue-bench.js';
import { runHoldingsBench } from './holdings-bench.js';
import { machineSpeed } from './machine-speed.js';
import { runPersonalBench } from './personal-bench.js';
import { runSnapshotBench } from './snapshot-bench.js';
import { formatChecks, type Check } from './report.js';

function positiveNumber(name: string, fallback: number) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const durationSeconds = positiveNumber('BENCH_DURATION', 20);
const rows = Math.round(positiveNumber('BENCH_ROWS', 100_000));
const only = process.env.BENCH_ONLY;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** The young generation the load generator needs; see above. */
const SEMI_SPACE_FLAG = '--max-semi-space-size';
if (!process.execArgv.some((arg) => arg.startsWith(SEMI_SPACE_FLAG))) {
  console.warn(
    `Warning: started without ${SEMI_SPACE_FLAG}=64 (npm run bench sets it). The load generator ` +
      'may then spend its core collecting garbage, and the latencies of both servers measure that.\n',
  );
}

const started = Date.now();
const cpus = os.cpus();
console.log(
  `Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `Node.js ${process.version}, ${os.type()} ${os.release()}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
);

// The servers are pinned apart from the load generator only when the bench may use every CPU:
// started under a narrower affinity (taskset), every process shares what it was given, and the
// figures measure that sharing instead of the code.
const usable = os.availableParallelism();
if (usable < cpus.length) {
  console.warn(
    `Warning: this process may run on ${usable} of the machine's ${cpus.length} CPUs (its affinity), ` +
      'so the servers and the load generator share them. Start it without taskset.\n',
  );
}

const runs = (part: string) => !only || only === part;
const checks: Check[] = [await machineSpeed('at the start')];
if (runs('api')) {
  checks.push(
    ...(await runApiBench({
      durationSeconds,
      warmupSeconds: Math.max(1, Math.round(durationSeconds / 4)),
      match: process.env.BENCH_MATCH || undefined,
    })),
  );
}
if (only === 'catch-up' || (runs('api') && !process.env.BENCH_MATCH)) {
  checks.push(
    ...(await runCatchUpBench({
      durationSeconds,
      warmupSeconds: Math.max(1, Math.round(durationSeconds / 4)),
    })),
  );
}
if (runs('catalogue')) checks.push(...(await runCatalogueBench({ rows, postgresUrl })));
if (runs('personal')) checks.push(...(await runPersonalBench({ rows, postgresUrl })));
if (runs('snapshot')) {
  const wallets = Math.round(positiveNumber('BENCH_WALLETS', 10_000));
  checks.push(...(await runSnapshotBench({ wallets, postgresUrl })));
}
if (runs('holdings')) {
  checks.push(...(await runHoldingsBench({ sliceSeconds: Math.max(2, durationSeconds / 4) })));
}

checks.push(await machineSpeed('at the end'));

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\nBudgets (run took ${minutes} min):\n`);
console.log(formatChecks(checks));
const failed = checks.filter((check) => !check.pass && !check.informational).length;
console.log(failed === 0 ? '\nAll budgets hold.' : `\n${failed} budget(s) failed.`);
process.exitCode = failed === 0 ? 0 : 1;
