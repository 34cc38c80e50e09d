/**
 * Lighthouse (mobile preset, the default config) on the public pages of the production build.
 * Starts the built server on a fresh data directory, audits each page RUNS times in Chromium, keeps
 * the run with the median performance score, writes every score to bench/results/lighthouse.json
 * and prints a table against the budget. Exits non-zero when a category falls below it.
 *
 * Performance is simulated on a slow 4G phone but still scales with the CPU time Chromium gets,
 * so a busy machine reads lower than an idle one; the figures are written with the metrics that
 * make up the score so a low run can be told apart from a real regression.
 *
 * LIGHTHOUSE_RUNS sets the runs per page (3), CHROMIUM_PATH the browser (/usr/bin/chromium), and
 * BENCH_SERVER_ENTRY / BENCH_WEB_DIST a private build (see harness/server-process.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { startBuiltServer } from '../harness/server-process.js';

const PAGES = ['/', '/games', '/blogs/1', '/tools'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET = 95;
const RUNS = Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '3', 10);
/** A run can lose its trace on a busy machine (NO_NAVSTART and the like); it is run again. */
const ATTEMPTS = 3;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Category = (typeof CATEGORIES)[number];
type PageReport = {
  path: string;
  scores: Record<Category, number>;
  /** Display values of the metrics behind the performance score, from the median run. */
  metrics: Record<string, string>;
  /** Performance score of every run, in order. */
  performanceRuns: number[];
  /** Audits that cost points in a category below the budget. */
  failingAudits: string[];
  /**
   * Lighthouse's measure of the machine's speed at the time (higher is faster); a busy machine
   * reads low, and so does its performance score.
   */
  benchmarkIndex: number | undefined;
};

const resultsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'results',
  'lighthouse.json',
);

function score(result: Result, category: Category): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function failingAudits(result: Result, category: Category): string[] {
  const lines: string[] = [];
  for (const ref of result.categories[category]?.auditRefs ?? []) {
    const audit = result.audits[ref.id];
    if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 0.9) continue;
    lines.push(`${category}: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return lines;
}

function medianByPerformance(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function auditPage(url: string, port: number): Promise<Result> {
  const flags: Flags = { port, output: 'json', logLevel: 'error' };
  let failure = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const runner = await lighthouse(url, flags);
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!runner.lhr.runtimeError) return runner.lhr;
    failure = `${runner.lhr.runtimeError.code}: ${runner.lhr.runtimeError.message}`;
    console.warn(`Lighthouse run ${attempt} on ${url} failed (${failure})`);
  }
  throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${failure}`);
}

function report(pagePath: string, runs: Result[]): PageReport {
  const median = medianByPerformance(runs);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])) as Record<
    Category,
    number
  >;
  return {
    path: pagePath,
    scores,
    metrics: Object.fromEntries(
      METRICS.map((id) => [id, median.audits[id]?.displayValue ?? 'n/a']),
    ),
    performanceRuns: runs.map((run) => score(run, 'performance')),
    failingAudits: CATEGORIES.filter((c) => scores[c] < BUDGET).flatMap((c) =>
      failingAudits(median, c),
    ),
    benchmarkIndex: median.environment.benchmarkIndex,
  };
}

function printTable(pages: PageReport[]) {
  const header = ['page', ...CATEGORIES, 'LCP', 'TBT'];
  const rows = pages.map((page) => [
    page.path,
    ...CATEGORIES.map((c) => `${page.scores[c]} ${page.scores[c] >= BUDGET ? 'pass' : 'FAIL'}`),
    page.metrics['largest-contentful-paint'] ?? '',
    page.metrics['total-blocking-time'] ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\nLighthouse ${RUNS} run(s) per page, mobile preset, budget ${BUDGET}`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const page of pages) {
    for (const audit of page.failingAudits) console.log(`  ${page.path} ${audit}`);
  }
}

const pages: PageReport[] = [];
const server = await startBuiltServer({
  purpose: 'bench',
  entryVariable: 'BENCH_SERVER_ENTRY',
  webDistVariable: 'BENCH_WEB_DIST',
});
try {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    for (const pagePath of PAGES) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await auditPage(`${server.url}${pagePath}`, chrome.port));
      }
      pages.push(report(pagePath, runs));
    }
  } finally {
    chrome.kill();
  }
} finally {
  await server.stop();
}

fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(
  resultsFile,
  `${JSON.stringify(
    { measuredAt: new Date().toISOString(), preset: 'mobile', budget: BUDGET, runs: RUNS, pages },
    null,
    2,
  )}\n`,
);
printTable(pages);
console.log(`\nScores written to ${path.relative(process.cwd(), resultsFile)}`);
if (pages.some((page) => CATEGORIES.some((c) => page.scores[c] < BUDGET))) process.exitCode = 1;
