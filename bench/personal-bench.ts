/**
 * The signed-in pages as one user's data grows: the first page of wallets and of links, searched
 * and not, for a user with 10, 1,000 and 100,000 rows of each, in one database beside each other
 * (as they would live), on SQLite and (when a server is given) PostgreSQL. Each at most twice as
 * slow as for the user with 10 rows.
 *
 * Requests run through the real route by app.inject, signed in (the session check is answered
 * from memory after the first request, as in production), with no answer kept in memory
 * (ANSWER_CACHE_MB=0), so that each runs the page's query. The sizes take turns request by
 * request, so that the load of the machine weighs on each alike; the figure is the median.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseOptions, type Db } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { insertLinks } from '../apps/server/src/modules/links/links.repository.js';
import { createUser } from '../apps/server/src/modules/users/users.repository.js';
import { insertWallets } from '../apps/server/src/modules/wallets/wallets.repository.js';
import { formatTable, median, ms, type Check, onBothEngines } from './report.js';

export type PersonalBenchOptions = { rows: number; postgresUrl: string | undefined };

/** The page size of the personal tools (PERSONAL_PAGE_SIZE in the web app). */
const PAGE = 10;
const SMALL = 10;
const MIDDLE = 1_000;
const MAX_RATIO = 2;
const SAMPLES = 300;
const CASE_MS = 2500;
/** In 3 rows of every user, whatever the size. */
const RARE = 'zephyrine';
/** In 40% of the rows. */
const COMMON = 'quest';
/** In no row. */
const ABSENT = 'xylqvjw';
/** In 3 rows of every measured user, and in every row of another user's CROWD_ROWS. */
const CROWDED = 'hollowmere';
const CROWD_ROWS = 20_000;

type Case = { name: string; query: string };
const CASES: Case[] = [
  { name: 'first page', query: `limit=${PAGE}&offset=0` },
  { name: `search "${COMMON}" (40% of rows)`, query: `q=${COMMON}&limit=${PAGE}&offset=0` },
  { name: `search "${RARE}" (3 rows)`, query: `q=${RARE}&limit=${PAGE}&offset=0` },
  { name: `search "${ABSENT}" (no match)`, query: `q=${ABSENT}&limit=${PAGE}&offset=0` },
  {
    name: `search "${CROWDED}" (3 rows, common in another user's)`,
    query: `q=${CROWDED}&limit=${PAGE}&offset=0`,
  },
];
const LISTS = ['wallets', 'links'] as const;
type List = (typeof LISTS)[number];

type Reader = { rows: number; token: string };

export async function runPersonalBench(options: PersonalBenchOptions): Promise<Check[]> {
  return onBothEngines('personal', options.postgresUrl, (engineName, dataDir, databaseOptions) =>
    measure(engineName, options.rows, dataDir, databaseOptions),
  );
}

async function measure(
  engineName: string,
  largest: number,
  dataDir: string,
  options: DatabaseOptions,
): Promise<Check[]> {
  const sizes = [SMALL, MIDDLE, largest];
  console.log(`\nSigned-in pages on ${engineName}: seeding users with ${sizes.join(', ')} rows`);
  const started = performance.now();
  const db = await openDatabase(options);
  let app: App | undefined;
  try {
    const password = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    const accounts: { email: string; rows: number }[] = [];
    for (const rows of sizes) {
      const email = `owner-${rows}@example.com`;
      const user = await createUser(db.kysely, {
        username: `owner-${rows}`,
        email,
        passwordHash,
        role: 'user',
      });
      await seedRows(db, user.id, rows);
      accounts.push({ email, rows });
    }
    // Another user's rows, not measured: a word rare in each measured user's rows is common
    // over the table, as a popular name would be.
    const crowd = await createUser(db.kysely, {
      username: 'crowd',
      email: 'crowd@example.com',
      passwordHash,
      role: 'user',
    });
    await seedRows(db, crowd.id, CROWD_ROWS, () => CROWDED);
    if (db.engine === 'postgres') await sql`vacuum analyze wallets, links`.execute(db.kysely);
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        // Every read runs the page's query: the growth is what a read costs when no answer is
        // kept (the first read, and the first after each write). A kept answer costs the same
        // whatever the size.
        ANSWER_CACHE_MB: '0',
        SEED_DEMO_CONTENT: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      }),
      db,
    });
    await app.ready();
    const readers: Reader[] = [];
    for (const account of accounts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: account.email, password },
      });
      readers.push({ rows: account.rows, token: (response.json() as { token: string }).token });
    }
    const table: string[][] = [];
    const checks: Check[] = [];
    for (const list of LISTS) {
      for (const testCase of CASES) {
        const timing = await time(app, list, testCase, readers);
        const [small, ...larger] = timing;
        const worst = Math.max(...larger.map((t) => t.median / (small?.median ?? Number.NaN)));
        table.push([
          list,
          testCase.name,
          ...timing.map((t) => ms(t.median)),
          ...larger.map((t) => `${(t.median / (small?.median ?? Number.NaN)).toFixed(2)}x`),
          timing.map((t) => t.total).join(' / '),
        ]);
        checks.push({
          section: `Signed-in ${engineName}`,
          name: `${list}: ${testCase.name}`,
          figure: `${ms(timing.at(-1)?.median ?? Number.NaN)} at ${largest} rows vs ${ms(small?.median ?? Number.NaN)} at ${SMALL}: ${worst.toFixed(2)}x (worst of ${MIDDLE} and ${largest})`,
          budget: `<= ${MAX_RATIO}x`,
          pass: worst <= MAX_RATIO,
        });
      }
    }
    console.log(
      `\nSigned-in pages on ${engineName}: median latency through the route, ${PAGE} rows a page\n`,
    );
    console.log(
      formatTable(
        [
          'List',
          'Request',
          ...sizes.map((rows) => `${rows} rows`),
          ...sizes.slice(1).map((rows) => `ratio ${rows}`),
          'X-Total-Count',
        ],
        table,
      ),
    );
    return checks;
  } finally {
    await app?.close();
    await db.close();
  }
}

/**
 * `rows` wallets and links: RARE in 3 of each, CROWDED in 3 others, COMMON in 40%, ABSENT in
 * none (or `word` in each).
 */
async function seedRows(db: Db, userId: number, rows: number, word = measuredWords(rows)) {
  const BATCH = 2_000;
  for (let start = 0; start < rows; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => start + i);
    await insertWallets(
      db.kysely,
      userId,
      indexes.map((i) => ({
        wallet_name: `Wallet ${i} ${word(i)}`,
        wallet_address: `0x${userId.toString(16).padStart(8, '0')}${i.toString(16).padStart(32, '0')}`,
        category: i % 2 === 0 ? 'gaming' : null,
      })),
    );
    await insertLinks(
      db.kysely,
      userId,
      indexes.map((i) => ({
        title: `Guide ${i} ${word(i)}`,
        url: `https://example.com/${userId}/${i}`,
        category: i % 2 === 0 ? 'guides' : null,
      })),
    );
  }
}

function measuredWords(rows: number) {
  const third = Math.floor(rows / 3);
  return (i: number) =>
    i < rows - 1 && i % third === 1
      ? RARE
      : i < rows - 1 && i % third === 2
        ? CROWDED
        : i % 5 < 2
          ? COMMON
          : 'farm';
}

async function time(app: App, list: List, testCase: Case, readers: Reader[]) {
  const samples = new Map(readers.map((reader) => [reader, [] as number[]]));
  const totals = new Map<Reader, string>();
  const started = performance.now();
  for (let i = 0; i < SAMPLES && performance.now() - started < CASE_MS; i += 1) {
    const order = i % 2 === 0 ? readers : [...readers].reverse();
    for (const reader of order) {
      const url = `/api/${list}?${testCase.query}`;
      const begin = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${reader.token}` },
      });
      samples.get(reader)?.push(performance.now() - begin);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      const lowerBound = response.headers['x-total-count-lower-bound'] === 'true';
      totals.set(reader, `${response.headers['x-total-count']}${lowerBound ? '+' : ''}`);
    }
  }
  return readers.map((reader) => ({
    median: median(samples.get(reader) ?? []),
    total: totals.get(reader) ?? '',
  }));
}
