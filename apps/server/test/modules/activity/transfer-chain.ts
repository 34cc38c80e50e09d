import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  concat,
  createWalletClient,
  http as viemHttp,
  numberToHex,
  pad,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ronin } from 'viem/chains';
import { rpc, TRANSFER_EMITTER, TRANSFER_TOPIC } from '../../../../../harness/token-transfers.js';

export { rpc };

export type SentTransfer = {
  tx_hash: string;
  log_index: number;
  block_number: number;
  block_time: string;
  token: string;
  from_address: string;
  to_address: string;
  amount: string;
};

/** Test accounts that send token transfers on the node at `url` (Ganache, one block a transaction). */
export async function transferChain(url: string, tokens: readonly Address[]) {
  for (const token of tokens) await rpc(url, 'evm_setAccountCode', [token, TRANSFER_EMITTER]);
  const keys = [1, 2, 3, 4].map((n) => pad(numberToHex(0xacc0 + n)));
  const accounts = keys.map((key) => privateKeyToAccount(key));
  for (const account of accounts) {
    await rpc(url, 'evm_setAccountBalance', [account.address, numberToHex(10n ** 21n)]);
  }
  const sent: SentTransfer[] = [];

  return {
    /** Four funded accounts' addresses, lower-case. */
    addresses: accounts.map((account) => account.address.toLowerCase() as Address),
    sent,
    async blockNumber() {
      return Number(BigInt((await rpc(url, 'eth_blockNumber')) as string));
    },
    async mine(blocks: number) {
      await rpc(url, 'evm_mine', [{ blocks }]);
    },
    /** `amount` of `token` from test account `from` (an index) to `to`, mined at once. */
    async transfer(token: Address, from: number, to: Address, amount: bigint) {
      const account = accounts[from]!;
      const client = createWalletClient({ account, chain: ronin, transport: viemHttp(url) });
      const hash = await client.sendTransaction({
        to: token,
        data: concat([pad(account.address), pad(to), numberToHex(amount, { size: 32 })]),
        gas: 100_000n,
        gasPrice: 2_000_000_000n,
      });
      const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as {
        blockNumber: Hex;
        blockHash: Hex;
        logs: { logIndex: Hex }[];
      };
      const block = (await rpc(url, 'eth_getBlockByHash', [receipt.blockHash, false])) as {
        timestamp: Hex;
      };
      const row = {
        tx_hash: hash,
        log_index: Number(receipt.logs[0]!.logIndex),
        block_number: Number(receipt.blockNumber),
        block_time: new Date(Number(block.timestamp) * 1000).toISOString(),
        token: token.toLowerCase(),
        from_address: account.address.toLowerCase(),
        to_address: to.toLowerCase(),
        amount: amount.toString(),
      };
      sent.push(row);
      return row;
    },
  };
}

export type TransferChain = Awaited<ReturnType<typeof transferChain>>;

type RpcCall = { id: number | string; method: string; params?: unknown[] };

/** A JSON-RPC call the proxy passed on to the node. */
export type PassedCall = { method: string; params: unknown[]; at: number };
type Answer = { id: number | string; result?: unknown };

/**
 * A JSON-RPC proxy in front of `target` that misbehaves as a public node does: it refuses an
 * eth_getLogs over more than `maxRange` blocks with the public Ronin node's words, answers every
 * `failEvery`th request with an error, and adds a made-up transfer (in a block that holds no such
 * log) to every `inventEvery`th eth_getLogs answer. Counts the requests and the calls it passes
 * by method.
 */
export async function startFaultyNode(
  target: string,
  faults: { maxRange?: number; failEvery?: number; inventEvery?: number },
) {
  let requests = 0;
  let logAnswers = 0;
  const counts = {
    requests: 0,
    byMethod: {} as Record<string, number>,
    refused: 0,
    failed: 0,
    invented: 0,
  };
  /** Every call passed on to the node, with when it came (ms since the epoch). */
  const passed: PassedCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(text) as RpcCall | RpcCall[];
      const calls = [parsed].flat();
      const answer = (body: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (call: RpcCall, message: string) => ({
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32000, message },
      });
      requests += 1;
      counts.requests = requests;
      if (faults.failEvery && requests % faults.failEvery === 0) {
        counts.failed += 1;
        const failed = calls.map((call) => error(call, 'internal error'));
        return void answer(Array.isArray(parsed) ? failed : failed[0]);
      }
      const tooWide = calls.find((call) => {
        if (call.method !== 'eth_getLogs' || !faults.maxRange) return false;
        const filter = call.params?.[0] as { fromBlock: string; toBlock: string };
        return Number(filter.toBlock) - Number(filter.fromBlock) + 1 > faults.maxRange;
      });
      if (tooWide) {
        counts.refused += 1;
        const filter = tooWide.params?.[0] as { fromBlock: string; toBlock: string };
        const range = Number(filter.toBlock) - Number(filter.fromBlock) + 1;
        const message = `requested block range ${range} exceeds the limit of ${faults.maxRange}`;
        return void answer(
          Array.isArray(parsed)
            ? calls.map((call) => error(call, message))
            : error(tooWide, message),
        );
      }
      for (const call of calls) {
        counts.byMethod[call.method] = (counts.byMethod[call.method] ?? 0) + 1;
        passed.push({ method: call.method, params: call.params ?? [], at: Date.now() });
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
        .then(async (upstream) => {
          const body = (await upstream.json()) as Answer | Answer[];
          for (const result of [body].flat()) {
            const call = calls.find((one) => one.id === result.id);
            if (!faults.inventEvery || call?.method !== 'eth_getLogs' || !result.result) continue;
            logAnswers += 1;
            if (logAnswers % faults.inventEvery === 0) {
              counts.invented += 1;
              result.result = [...(result.result as unknown[]), madeUpTransfer(call)];
            }
          }
          answer(body);
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    passed,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Transfer log matching `call`'s filter, in its first block, that the chain never logged. */
function madeUpTransfer(call: RpcCall) {
  const filter = call.params?.[0] as {
    fromBlock: Hex;
    address: Hex[];
    topics: (Hex | Hex[] | null)[];
  };
  const party = [filter.topics[1], filter.topics[2]].find(Array.isArray)![0]!;
  const other = pad('0x5eed');
  const invented = (tag: number) => pad(numberToHex(0xbad0000 + tag), { size: 32 });
  return {
    address: filter.address[0],
    topics: [
      `0x${TRANSFER_TOPIC}`,
      filter.topics[1] ? party : other,
      filter.topics[1] ? other : party,
    ],
    data: numberToHex(999n, { size: 32 }),
    blockNumber: filter.fromBlock,
    blockHash: invented(1),
    transactionHash: invented(2),
    transactionIndex: '0x0',
    logIndex: '0x0',
    removed: false,
  };
}
