/**
 * The catalogue at scale: the same list and search requests against 100 games and posts and
 * against 100,000, on SQLite and (when a server is given) PostgreSQL, each at most twice as slow.
 *
 * What is timed is a cache miss: the public lists keep their serialised answers until the next
 * write, so the cache is dropped before every request, which then runs through the real route
 * (validation, query, serialisation, ETag) by app.inject. The repository call alone is timed too,
 * the database's share without the route around it. Small and large alternate request by request,
 * so that the load of the machine weighs on both alike.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
// Brings the app's publicCache decoration, which the http-cache plugin declares.
import type {} from '../apps/server/src/http-cache/http-cache.js';
import { openDatabase, type DatabaseOptions, type Db } from '../apps/server/src/db/database.js';
import type { Engine } from '../apps/server/src/db/schema.js';
import { SEARCH_COUNT_LOOKAHEAD } from '../apps/server/src/db/search.js';
import { listBlogs } from '../apps/server/src/modules/blogs/blogs.repository.js';
import { listGames } from '../apps/server/src/modules/games/games.repository.js';
import {
  ABSENT_TERM,
  COMMON_TERM,
  SELECTIVE_ROWS,
  SELECTIVE_TERM,
  seedCatalogue,
  settle,
} from './catalogue-data.js';
import { createScratchDatabase, runStatement } from '../harness/scratch-database.js';
import { formatTable, median, ms, type Check } from './report.js';

export type CatalogueBenchOptions = { rows: number; postgresUrl: string | undefined };

const SMALL = 100;
/** The games page loads 24 at a time. */
const PAGE = 24;
const MAX_RATIO = 2;
/** Per case and list: at most this many requests to each size, within this many milliseconds. */
const SAMPLES = 400;
const CASE_MS = 2500;

type Case = {
  name: string;
  params: (rows: number) => { q?: string; limit: number; offset?: number };
  /** Why this case is reported without a budget. */
  unbudgeted?: string;
};

const search = (q: string) => () => ({ q, limit: PAGE });

const CASES: Case[] = [
  { name: 'first page', params: () => ({ limit: PAGE }) },
  { name: 'middle page', params: (rows) => ({ limit: PAGE, offset: Math.floor(rows / 2) }) },
  { name: 'last page', params: (rows) => ({ limit: PAGE, offset: rows - PAGE }) },
  {
    name: `search "${SELECTIVE_TERM}" (${SELECTIVE_ROWS} matches)`,
    params: search(SELECTIVE_TERM),
  },
  { name: `search "${COMMON_TERM}" (40% of rows)`, params: search(COMMON_TERM) },
  { name: `search "${ABSENT_TERM}" (no match)`, params: search(ABSENT_TERM) },
  { name: 'search "ki" (two letters, 60% of rows)', params: search('ki') },
  {
    name: 'search "zq" (two letters, no match)',
    params: search('zq'),
    unbudgeted:
      'trigram indexes need 3 characters; a rare 1-2 character search reads every row (documented)',
  },
];

type Lists = 'games' | 'blogs';
const LISTS: Lists[] = ['games', 'blogs'];

type Side = { app: App; db: Db; engine: Engine; rows: number };

export async function runCatalogueBench(options: CatalogueBenchOptions): Promise<Check[]> {
  const checks: Check[] = [];
  checks.push(...(await onSqlite(options.rows)));
  if (options.postgresUrl) checks.push(...(await onPostgres(options.postgresUrl, options.rows)));
  else console.log('\nNo BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured.');
  return checks;
}

async function onSqlite(rows: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-catalogue-bench-'));
  try {
    return await compare('SQLite', rows, (name) => ({
      engine: 'sqlite',
      file: path.join(dir, `${name}.db`),
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(serverUrl: string, rows: number) {
  const database = await createScratchDatabase(serverUrl, 'bench');
  try {
    await runStatement(database.url, 'create schema small; create schema large');
    return await compare('PostgreSQL', rows, (schema) => ({
      engine: 'postgres',
      url: database.url,
      schema,
    }));
  } finally {
    await database.drop();
  }
}

async function open(
  engineName: string,
  rows: number,
  options: DatabaseOptions,
  dataDir: string,
): Promise<Side> {
  const started = performance.now();
  const db = await openDatabase(options);
  await seedCatalogue(db.kysely, rows, rows);
  await settle(db.kysely, db.engine);
  console.log(
    `  ${engineName}: ${rows} games and ${rows} posts seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO_CONTENT: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, db });
  await app.ready();
  return { app, db, engine: db.engine, rows };
}

async function compare(
  engineName: string,
  rows: number,
  optionsFor: (size: 'small' | 'large') => DatabaseOptions,
): Promise<Check[]> {
  console.log(`\nCatalogue on ${engineName}: seeding`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-catalogue-app-'));
  const sides: Side[] = [];
  try {
    sides.push(await open(engineName, SMALL, optionsFor('small'), dataDir));
    sides.push(await open(engineName, rows, optionsFor('large'), dataDir));
    const [small, large] = sides as [Side, Side];
    const table: string[][] = [];
    const checks: Check[] = [];
    for (const list of LISTS) {
      for (const testCase of CASES) {
        const timing = await time(list, testCase, small, large);
        const ratio = timing.large.api / timing.small.api;
        const dbRatio = timing.large.db / timing.small.db;
        table.push([
          list,
          testCase.name,
          ms(timing.small.api),
          ms(timing.large.api),
          `${ratio.toFixed(2)}x`,
          ms(timing.small.db),
          ms(timing.large.db),
          `${dbRatio.toFixed(2)}x`,
          timing.total,
        ]);
        checks.push({
          section: `Catalogue ${engineName}`,
          name: `${list}: ${testCase.name}`,
          figure: `${ms(timing.large.api)} at ${rows} rows vs ${ms(timing.small.api)} at ${SMALL}: ${ratio.toFixed(2)}x`,
          budget: testCase.unbudgeted ? `none: ${testCase.unbudgeted}` : `<= ${MAX_RATIO}x`,
          pass: ratio <= MAX_RATIO,
          informational: testCase.unbudgeted !== undefined,
        });
      }
    }
    console.log(
      `\nCatalogue on ${engineName}: median latency of a cache miss, ${SMALL} vs ${rows} rows, ${PAGE} per page\n`,
    );
    console.log(
      formatTable(
        [
          'List',
          'Request',
          `API ${SMALL}`,
          `API ${rows}`,
          'ratio',
          `query ${SMALL}`,
          `query ${rows}`,
          'ratio',
          `X-Total-Count at ${rows}`,
        ],
        table,
      ),
    );
    return checks;
  } finally {
    for (const side of sides) {
      await side.app.close();
      await side.db.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Timing = {
  small: { api: number; db: number };
  large: { api: number; db: number };
  /** The large answer's X-Total-Count, to show what a search reports. */
  total: string;
};

async function time(list: Lists, testCase: Case, small: Side, large: Side): Promise<Timing> {
  const samples = new Map<Side, { api: number[]; db: number[] }>([
    [small, { api: [], db: [] }],
    [large, { api: [], db: [] }],
  ]);
  let total = '';
  const started = performance.now();
  for (let i = 0; i < SAMPLES && performance.now() - started < CASE_MS; i += 1) {
    // Alternate which side goes first, so neither always runs on a freshly warmed machine.
    for (const side of i % 2 === 0 ? [small, large] : [large, small]) {
      const params = testCase.params(side.rows);
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) query.set(key, String(value));
      const url = `/api/${list}?${query.toString()}`;
      await side.app.publicCache.invalidate(list);
      let begin = performance.now();
      const response = await side.app.inject({ method: 'GET', url });
      samples.get(side)!.api.push(performance.now() - begin);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      if (side === large) {
        total = String(response.headers['x-total-count']);
        // A search counts up to this horizon past its page: there, the total is a lower bound.
        if (
          params.q &&
          Number(total) === (params.offset ?? 0) + params.limit + SEARCH_COUNT_LOOKAHEAD
        )
          total = `${total} (at least)`;
      }

      const listRows = list === 'games' ? listGames : listBlogs;
      begin = performance.now();
      await listRows(side.db.kysely, side.engine, params);
      samples.get(side)!.db.push(performance.now() - begin);
    }
  }
  const of = (side: Side) => {
    const { api, db } = samples.get(side)!;
    return { api: median(api), db: median(db) };
  };
  return { small: of(small), large: of(large), total };
}
