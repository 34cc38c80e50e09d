/**
 * What counting NFT holdings adds to the portfolio's node read (issue 33): the server's balance
 * reader (gateway/ronin-balances.ts) with the default collections beside the same reader with
 * RONIN_COLLECTIONS=none, against one real EVM node in a process of its own (bench/holdings-node.ts).
 *
 * Every read is cold: the reader keeps nothing, and each read asks a wallet no read has asked
 * before in the run, as the first read of a newly tracked wallet or one past its BALANCE_TTL does.
 * PORTFOLIO_WALLETS reads run at once, as one user's portfolio asks its wallets. The two settings
 * take turns slice by slice (ABBA), so each pair of slices saw the machine alike.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.js';
import { collectionKey, RoninBalanceReader } from '../apps/server/src/gateway/ronin-balances.js';
import { holdingsAddress } from './holdings-address.js';
import { PORTFOLIO_WALLETS } from './portfolio-bench.js';
import { median, type Check } from './report.js';
import { pinLoadGenerator, SERVER_CPU, startProcess } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The holdings read's requests a second against the token-only read's, in the median pair. The
 * bench node (Ganache, an EVM in JavaScript) is what limits both reads, and its work grows with
 * the calls in the Multicall3 round: 7 without holdings (RON and six tokens), 9 with the two
 * default collections, so 7/9 (78%) is what to expect; 70% leaves room for the machine's noise
 * (bench/RESULTS.md, "NFT holdings").
 */
export const HOLDINGS_SHARE_BUDGET = 0.7;
/**
 * The reader's own CPU per read with holdings against without (in the median pair), the part that
 * is the server's: it encodes and decodes 9 calls instead of 7 (1.29x at most), and the rest is
 * room for noise.
 */
export const HOLDINGS_CPU_BUDGET = 1.5;
const SLICES_PER_SIDE = 4;

type Counts = { requests: number; calls: number; byMethod: Record<string, number> };
type Slice = { reads: number; seconds: number; cpu: number; nodeCpu: number; counts: Counts };
type Side = { name: string; reader: RoninBalanceReader; slices: Slice[] };

export async function runHoldingsBench(options: { sliceSeconds: number }): Promise<Check[]> {
  const unpin = pinLoadGenerator();
  console.log(
    unpin
      ? `\nHoldings: reader on CPU 0, node on CPU ${SERVER_CPU}`
      : '\nHoldings: CPUs not pinned (taskset unavailable or a single CPU): figures vary more',
  );
  const dataDir = os.tmpdir();
  const node = await startProcess({
    args: [
      '--conditions=source',
      '--import',
      import.meta.resolve('tsx'),
      path.join(here, 'holdings-node.ts'),
      String(PORTFOLIO_WALLETS),
    ],
    cwd: path.join(here, '..'),
    env: process.env,
    logFile: path.join(dataDir, `nexusplay-holdings-node-${process.pid}.log`),
    ready: /holdings node listening on (http:\/\/\S+) counts on (http:\/\/\S+)/,
  });
  try {
    const countsUrl = node.readyLine[2] ?? '';
    const takeCounts = async () => (await (await fetch(countsUrl)).json()) as Counts;
    const reader = (collections?: string) => {
      const { ronin, timeoutMs } = loadConfig({
        RONIN_RPC_URL: node.url,
        ...(collections === undefined ? {} : { RONIN_COLLECTIONS: collections }),
      }).gateway;
      return new RoninBalanceReader({ ...ronin, timeoutMs });
    };
    const holdings: Side = { name: 'holdings (default collections)', reader: reader(), slices: [] };
    const tokensOnly: Side = {
      name: 'token-only (RONIN_COLLECTIONS=none)',
      reader: reader('none'),
      slices: [],
    };

    // Each reader learns once whether the node has Multicall3; the answers show the counts are read.
    const held = await holdings.reader.read(holdingsAddress(0));
    const plain = await tokensOnly.reader.read(holdingsAddress(0));
    const countsRight =
      held[collectionKey('AXIE')] === '2' &&
      held[collectionKey('FARMLAND')] === '1' &&
      !Object.keys(plain).some((key) => key.startsWith('#')) &&
      held.PIXEL === plain.PIXEL;
    console.log(`Holdings of the first wallet: ${JSON.stringify(held)}`);

    let next = PORTFOLIO_WALLETS;
    const measure = async (side: Side) => {
      await takeCounts();
      const nodeBefore = node.cpuMicros() ?? Number.NaN;
      const before = process.cpuUsage();
      const started = performance.now();
      const until = started + options.sliceSeconds * 1000;
      let reads = 0;
      await Promise.all(
        Array.from({ length: PORTFOLIO_WALLETS }, async () => {
          while (performance.now() < until) {
            await side.reader.read(holdingsAddress(next++));
            reads += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(before);
      side.slices.push({
        reads,
        seconds,
        cpu: used.user + used.system,
        nodeCpu: (node.cpuMicros() ?? Number.NaN) - nodeBefore,
        counts: await takeCounts(),
      });
    };
    await measure(tokensOnly); // warm-up of both sides' code paths, not kept
    await measure(holdings);
    tokensOnly.slices.length = 0;
    holdings.slices.length = 0;
    for (let pair = 0; pair < SLICES_PER_SIDE; pair += 1) {
      const order = pair % 2 === 0 ? [holdings, tokensOnly] : [tokensOnly, holdings];
      for (const side of order) await measure(side);
    }

    const sum = (slices: Slice[], pick: (slice: Slice) => number) =>
      slices.reduce((total, slice) => total + pick(slice), 0);
    const figures = (side: Side) => {
      const reads = sum(side.slices, (slice) => slice.reads);
      return {
        rps: reads / sum(side.slices, (slice) => slice.seconds),
        sliceRps: side.slices.map((slice) => slice.reads / slice.seconds),
        cpu: sum(side.slices, (slice) => slice.cpu) / reads,
        nodeCpu: sum(side.slices, (slice) => slice.nodeCpu) / reads,
        requests: sum(side.slices, (slice) => slice.counts.requests) / reads,
        calls: sum(side.slices, (slice) => slice.counts.calls) / reads,
        reads,
      };
    };
    const withHoldings = figures(holdings);
    const without = figures(tokensOnly);
    const shares = withHoldings.sliceRps.map((rps, index) => rps / (without.sliceRps[index] ?? 0));
    const share = median(shares);
    // The reader's CPU is the bench process's, which in a full run still holds the earlier
    // sections' heap: a collection of it landing in one slice doubled that slice's CPU per read.
    // Compared pair by pair, as the reads a second are, a slice so disturbed is the outlier.
    const cpuPerRead = (slice: Slice) => slice.cpu / slice.reads;
    const cpuRatios = holdings.slices.map(
      (slice, index) => cpuPerRead(slice) / cpuPerRead(tokensOnly.slices[index] ?? slice),
    );
    const cpuRatio = median(cpuRatios);
    const row = (side: Side, measured: ReturnType<typeof figures>): Check => ({
      section: 'Holdings',
      name: `Portfolio node read, cold, ${PORTFOLIO_WALLETS} at once: ${side.name}`,
      figure:
        `${measured.rps.toFixed(0)} reads/s (slices ${measured.sliceRps.map((rps) => rps.toFixed(0)).join(', ')}), ` +
        `${measured.cpu.toFixed(0)} µs reader CPU and ${measured.nodeCpu.toFixed(0)} µs node CPU per read, ` +
        `${measured.calls.toFixed(2)} node calls per read in ${measured.requests.toFixed(2)} HTTP requests ` +
        `(concurrent reads share a JSON-RPC batch), ` +
        `${measured.reads} reads`,
      budget: 'one Multicall3 eth_call per read, at most one HTTP request',
      pass: measured.calls === 1 && measured.requests <= 1,
    });
    console.log(
      `Holdings read per token-only read, pair by pair: ${shares.map((s) => `${(s * 100).toFixed(0)}%`).join(', ')}; ` +
        `reader CPU per read: ${cpuRatios.map((ratio) => `${ratio.toFixed(2)}x`).join(', ')}`,
    );
    return [
      row(tokensOnly, without),
      row(holdings, withHoldings),
      {
        section: 'Holdings',
        name: 'Holdings read beside the token-only read (same node, same wallets, cold)',
        figure:
          `${(share * 100).toFixed(0)}% of its reads/s in the median pair (${(
            (withHoldings.rps / without.rps) *
            100
          ).toFixed(0)}% over all); reader CPU per read ${cpuRatio.toFixed(2)}x in the median ` +
          `pair (${(withHoldings.cpu / without.cpu).toFixed(2)}x over all), node CPU per read ` +
          `${(withHoldings.nodeCpu / without.nodeCpu).toFixed(2)}x; counts ` +
          (countsRight ? 'read right (2 Axies, 1 plot)' : 'WRONG'),
        budget:
          `>= ${HOLDINGS_SHARE_BUDGET * 100}% of the token-only read's reads/s, ` +
          `reader CPU per read <= ${HOLDINGS_CPU_BUDGET}x (median pairs)`,
        pass: share >= HOLDINGS_SHARE_BUDGET && cpuRatio <= HOLDINGS_CPU_BUDGET && countsRight,
      },
    ];
  } finally {
    await node.stop();
    unpin?.();
  }
}
