import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import {
  createWalletClient,
  encodeAbiParameters,
  http as viemHttp,
  keccak256,
  numberToHex,
  pad,
  parseAbi,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ronin } from 'viem/chains';
/** Multicall3's canonical address (the server's MULTICALL3). */
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
import {
  TEST_COLLECTION_RUNTIME,
  TEST_MULTICALL3_RUNTIME,
  TEST_TOKEN_RUNTIME,
} from './evm/bytecode.js';

const COLLECTION_ABI = parseAbi([
  'function mint(address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
]);

/** The account that sends the test node's transactions (mints and moves of test NFTs). */
const MINTER = privateKeyToAccount(pad(numberToHex(0x721)));

/** How the proxy in front of the node behaves: passing calls on, or one of the node's faults. */
export type NodeMode = 'ok' | 'down' | 'slow' | 'garbage' | 'error' | 'huge';

type RpcCall = { jsonrpc: '2.0'; id: number | string; method: string; params?: unknown[] };

export type RoninTestNode = Awaited<ReturnType<typeof startRoninNode>>;

/**
 * A real EVM JSON-RPC node (Ganache 7, chain id 2020 like Ronin) on 127.0.0.1, behind a small
 * proxy that counts what the server asks (HTTP requests and JSON-RPC calls by method) and
 * misbehaves on demand. `url` is the proxy's: give it to the server as RONIN_RPC_URL.
 */
export async function startRoninNode(options: { slowMs?: number } = {}) {
  const node = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 2020 },
    wallet: { totalAccounts: 0 },
  });
  await node.listen(0, '127.0.0.1');
  const nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;

  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };

  const minter = createWalletClient({
    account: MINTER,
    chain: ronin,
    transport: viemHttp(nodeUrl),
  });
  let minterFunded = false;
  async function send(
    collection: Address,
    functionName: 'mint' | 'transferFrom',
    args: readonly [Address, bigint] | readonly [Address, Address, bigint],
  ) {
    if (!minterFunded) {
      await rpc('evm_setAccountBalance', [MINTER.address, numberToHex(10n ** 21n)]);
      minterFunded = true;
    }
    const hash = await minter.writeContract({
      address: collection,
      abi: COLLECTION_ABI,
      functionName,
      args,
      gas: 200_000n,
      gasPrice: 2_000_000_000n,
    } as Parameters<typeof minter.writeContract>[0]);
    const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as { status: string } | null;
    if (receipt?.status !== '0x1') throw new Error(`${functionName} ${hash} failed`);
    return hash;
  }

  let mode: NodeMode = 'ok';
  const counts = { requests: 0, calls: 0, byMethod: {} as Record<string, number> };

  const proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      counts.requests += 1;
      let parsed: RpcCall | RpcCall[];
      try {
        parsed = JSON.parse(text) as RpcCall | RpcCall[];
      } catch {
        return void response.writeHead(400).end();
      }
      const calls = [parsed].flat();
      counts.calls += calls.length;
      for (const call of calls) {
        counts.byMethod[call.method] = (counts.byMethod[call.method] ?? 0) + 1;
      }
      const json = (body: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (mode === 'down') return void request.socket.destroy();
      if (mode === 'slow') {
        const timer = setTimeout(() => forward(), options.slowMs ?? 7_000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      if (mode === 'garbage') {
        return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
      }
      if (mode === 'huge') {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 64; i += 1) response.write(chunk);
        return void response.end();
      }
      if (mode === 'error') {
        const failed = (call: RpcCall) => ({
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32000, message: 'header not found' },
        });
        return void json(Array.isArray(parsed) ? parsed.map(failed) : failed(parsed));
      }
      forward();

      function forward() {
        fetch(nodeUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        })
          .then(async (answer) => json(await answer.json()))
          .catch(() => response.destroy());
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  return {
    url,
    counts,
    setMode(next: NodeMode) {
      mode = next;
    },
    resetCounts() {
      counts.requests = 0;
      counts.calls = 0;
      counts.byMethod = {};
    },
    /** The ERC-20 test contract at `address`, with `decimals`. */
    async placeToken(address: Address, decimals: number) {
      await rpc('evm_setAccountCode', [address, TEST_TOKEN_RUNTIME]);
      await rpc('evm_setAccountStorageAt', [
        address,
        pad('0x1'),
        numberToHex(decimals, { size: 32 }),
      ]);
    },
    /** `holder`'s balance of the token at `token`, in raw units. */
    async setTokenBalance(token: Address, holder: Address, amount: bigint) {
      const slot = keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 0n]),
      );
      await rpc('evm_setAccountStorageAt', [token, slot, numberToHex(amount, { size: 32 })]);
    },
    /** The ERC-721 test contract (harness/evm/TestCollection.sol) at `address`. */
    async placeCollection(address: Address) {
      await rpc('evm_setAccountCode', [address, TEST_COLLECTION_RUNTIME]);
    },
    /**
     * Mints `tokenIds` of the collection at `collection` to `to`, one transaction each (each
     * logs its ERC-721 Transfer, as on the chain). Answers the transactions' hashes once mined.
     */
    async mintNfts(collection: Address, to: Address, tokenIds: readonly bigint[]) {
      const hashes = [];
      for (const tokenId of tokenIds) {
        hashes.push(await send(collection, 'mint', [to, tokenId]));
      }
      return hashes;
    },
    /** Moves token `tokenId` of `collection` from `from` to `to` (no approval asked). */
    async transferNft(collection: Address, from: Address, to: Address, tokenId: bigint) {
      return send(collection, 'transferFrom', [from, to, tokenId]);
    },
    async setRonBalance(holder: Address, amount: bigint) {
      await rpc('evm_setAccountBalance', [holder, numberToHex(amount)]);
    },
    async placeMulticall3() {
      await rpc('evm_setAccountCode', [MULTICALL3, TEST_MULTICALL3_RUNTIME]);
    },
    async removeMulticall3() {
      await rpc('evm_setAccountCode', [MULTICALL3, '0x']);
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await node.close();
    },
  };
}

/** Ronin mainnet's token addresses, the configuration's default. */
export const TOKENS = {
  PIXEL: { address: '0x7eae20d11ef8c779433eb24503def900b9d28ad7', decimals: 18 },
  AXS: { address: '0x97a9107c1793bc407d6f527b77e7fff4d812bece', decimals: 18 },
  SLP: { address: '0xa8754b9fa15fc18bb59458815510e40a12cd2014', decimals: 0 },
  WRON: { address: '0xe514d9deb7966c8be0ca922de8a064264ea6bcd4', decimals: 18 },
  WETH: { address: '0xc99a6a985ed2cac1ef41640596c5a5f9f4e19ef5', decimals: 18 },
  USDC: { address: '0x0b7007c13325c48911f73a2dad5fa5dcbf808adc', decimals: 6 },
} as const satisfies Record<string, { address: Address; decimals: number }>;

/** Ronin mainnet's NFT collections, the configuration's default (RONIN_COLLECTIONS). */
export const COLLECTIONS = {
  AXIE: '0x32950db2a7164ae833121501c797d79e7b79d74c',
  FARMLAND: '0xf083289535052e8449d69e6dc41c0ae064d8e3f6',
} as const satisfies Record<string, Address>;

/**
 * The test token at each of the default tokens' addresses, with its decimals, and the test
 * ERC-721 at each of the default collections' (every portfolio read asks them too).
 */
export async function placeTokens(node: RoninTestNode) {
  for (const token of Object.values(TOKENS)) await node.placeToken(token.address, token.decimals);
  for (const collection of Object.values(COLLECTIONS)) await node.placeCollection(collection);
}
