/**
 * The chain the transfer follower catches up on in the API bench: a real EVM node (Ganache 7
 * behind the harness's counting proxy, harness/ronin-node.ts) holding CATCH_UP_BLOCKS blocks with
 * token transfers between tracked addresses, in a process of its own so that its work answering
 * eth_getLogs never stalls the load generator's event loop.
 *
 * Run as a child: node --import tsx bench/catch-up-node.ts <addresses> <blocks> <transfers>
 * It prints "catch-up node listening on <url> counts on <url> from <block> to <block>": the
 * follower has blocks after the first to the second to read (the head stays RONIN_CONFIRMATIONS
 * blocks beyond), and the second URL answers the proxy's counts of what was asked since.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { concat, numberToHex, pad, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startRoninNode, TOKENS } from '../harness/ronin-node.js';
import { TRANSFER_EMITTER } from '../harness/token-transfers.js';

const CHAIN_ID = 2020;
/** Blocks the server stays behind the head (RONIN_CONFIRMATIONS' default). */
const CONFIRMATIONS = 10;

const [addressCount, blockCount, transferCount] = process.argv.slice(2).map(Number);
if (!addressCount || !blockCount || !transferCount || transferCount > blockCount) {
  throw new Error('usage: catch-up-node.ts <addresses> <blocks> <transfers (at most blocks)>');
}

/** The tracked addresses, as the bench's readers' wallets hold them. */
const trackedAddress = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}` as Hex;

const node = await startRoninNode();
const call = async (method: string, params: unknown[] = []) => {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
};
const head = async () => Number(BigInt((await call('eth_blockNumber')) as string));

const tokens = Object.values(TOKENS);
for (const token of tokens) await call('evm_setAccountCode', [token.address, TRANSFER_EMITTER]);
const sender = privateKeyToAccount(pad(numberToHex(0xbe0c)));
await call('evm_setAccountBalance', [sender.address, numberToHex(10n ** 24n)]);
// Blocks before the follower's cursor, so that it starts past the chain's first blocks.
await call('evm_mine', [{ blocks: 100 }]);
const from = await head();

// Each transfer is a transaction mined in a block of its own; empty blocks fill the gaps.
let mined = 0;
for (let i = 0; i < transferCount; i += 1) {
  const token = tokens[i % tokens.length]!;
  const source = trackedAddress((i * 7) % addressCount);
  // One in four goes to an address nobody tracks; the rest between two tracked addresses.
  const target =
    i % 4 === 3
      ? (`0x5e7a${(i + 1).toString(16).padStart(36, '0')}` as Hex)
      : trackedAddress((i * 13 + 1) % addressCount);
  const amount = BigInt(i + 1) * 10n ** BigInt(token.decimals);
  const signed = await sender.signTransaction({
    chainId: CHAIN_ID,
    nonce: i,
    to: token.address,
    data: concat([pad(source), pad(target), numberToHex(amount, { size: 32 })]),
    gas: 100_000n,
    gasPrice: 2_000_000_000n,
    type: 'legacy',
  });
  await call('eth_sendRawTransaction', [signed]);
  mined += 1;
  const gap = Math.floor(((i + 1) * blockCount) / transferCount) - mined;
  if (gap > 0) {
    await call('evm_mine', [{ blocks: gap }]);
    mined += gap;
  }
}
const to = from + blockCount;
if ((await head()) !== to) throw new Error(`expected the head at ${to}, found ${await head()}`);
await call('evm_mine', [{ blocks: CONFIRMATIONS }]);
node.resetCounts();

const counts = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(node.counts));
});
await new Promise<void>((resolve) => counts.listen(0, '127.0.0.1', resolve));
const countsUrl = `http://127.0.0.1:${(counts.address() as AddressInfo).port}`;
console.log(`catch-up node listening on ${node.url} counts on ${countsUrl} from ${from} to ${to}`);
process.once('SIGTERM', () => {
  counts.close();
  void node.close().then(() => process.exit(0));
});
