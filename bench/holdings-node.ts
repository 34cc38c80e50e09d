/**
 * The node of the holdings bench (bench/holdings-bench.ts): a real EVM node (Ganache 7 behind the
 * harness's counting proxy, harness/ronin-node.ts) with Multicall3, the default tokens and the
 * default collections, in a process of its own so that its work never shares the reader's core.
 *
 * Run as a child: node --import tsx bench/holdings-node.ts <wallets>
 * The first <wallets> addresses of holdingsAddress() hold RON, PIXEL, two Axies and one plot. It
 * prints "holdings node listening on <url> counts on <url>": the second URL answers the proxy's
 * counts of what was asked since the last time it was asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COLLECTIONS, TOKENS } from '../harness/ronin-node.js';
import { holdingsAddress } from './holdings-address.js';
import { startPortfolioNode } from './portfolio-bench.js';

const wallets = Number(process.argv[2]);
if (!Number.isInteger(wallets) || wallets <= 0)
  throw new Error('usage: holdings-node.ts <wallets>');

const node = await startPortfolioNode();
for (let index = 0; index < wallets; index += 1) {
  const address = holdingsAddress(index);
  await node.setRonBalance(address, BigInt(index + 1) * 10n ** 18n);
  await node.setTokenBalance(TOKENS.PIXEL.address, address, 1234n * 10n ** 17n);
  await node.mintNfts(COLLECTIONS.AXIE, address, [BigInt(2 * index + 1), BigInt(2 * index + 2)]);
  await node.mintNfts(COLLECTIONS.FARMLAND, address, [BigInt(index + 1)]);
}

const counter = http.createServer((_request, response) => {
  const counts = { ...node.counts, byMethod: { ...node.counts.byMethod } };
  node.resetCounts();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
});
await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
console.log(
  `holdings node listening on ${node.url} counts on http://127.0.0.1:${(counter.address() as AddressInfo).port}`,
);
