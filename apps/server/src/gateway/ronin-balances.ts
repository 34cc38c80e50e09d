import {
  createPublicClient,
  erc20Abi,
  erc721Abi,
  http,
  multicall3Abi,
  type Address,
  type ContractFunctionParameters,
} from 'viem';
import { ronin } from 'viem/chains';
import type { RoninCollection, RoninToken } from '../config.js';

/** Multicall3's address, the same on every chain that has it (Ronin mainnet does). */
export const MULTICALL3: Address = '0xca11bde05977b3631167028862be2a173976ca11';

/** RON, the chain's own coin, read as the address's balance rather than from a contract. */
export const NATIVE_SYMBOL = 'RON';
export const NATIVE_DECIMALS = 18;

/**
 * A wallet's raw amounts (integers as decimal text) by token symbol, RON included, and how many
 * NFTs of each collection it holds by the collection's key (collectionKey).
 */
export type Balances = Record<string, string>;

/**
 * Where a collection's count is kept among the amounts: `#` and its name, which no token symbol
 * can be (symbols start with a letter), so the counts share the amounts' cache and rows.
 */
export const collectionKey = (name: string) => `#${name}`;

/** A node's answer for one wallet is a few hundred bytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;

export type BalanceReaderOptions = {
  rpcUrl: string;
  tokens: RoninToken[];
  collections: RoninCollection[];
  timeoutMs: number;
};

/**
 * Reads a wallet's RON and token balances, and its number of NFTs of each collection (ERC-721
 * balanceOf), from the configured Ronin node, in one round: one eth_call to Multicall3 where the
 * node has it, else one batched JSON-RPC request (eth_getBalance and an eth_call per token and
 * collection). Any call that fails fails the whole read, so a balance or a count is never a zero
 * that stands for an error.
 */
export class RoninBalanceReader {
  private readonly client;
  /** Whether the node has Multicall3, learnt once (a failed check is asked again next time). */
  private multicall: Promise<boolean> | undefined;

  constructor(private readonly options: BalanceReaderOptions) {
    this.client = createPublicClient({
      chain: ronin,
      transport: http(options.rpcUrl, {
        batch: true,
        timeout: options.timeoutMs,
        retryCount: 0,
        maxResponseBodySize: MAX_ANSWER_BYTES,
        fetchOptions: { redirect: 'error' },
      }),
    });
  }

  async read(address: Address): Promise<Balances> {
    const amounts = (await this.hasMulticall())
      ? await this.readWithMulticall(address)
      : await this.readInBatch(address);
    const balances: Balances = { [NATIVE_SYMBOL]: amounts[0]!.toString() };
    this.options.tokens.forEach((token, index) => {
      balances[token.symbol] = amounts[index + 1]!.toString();
    });
    const first = this.options.tokens.length + 1;
    this.options.collections.forEach((collection, index) => {
      const count = amounts[first + index]!;
      // Answered as an exact JSON number: a count no collection reaches is not an answer.
      if (count > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new Error(`the node answered ${collection.name} holdings that cannot be a count`);
      }
      balances[collectionKey(collection.name)] = count.toString();
    });
    return balances;
  }

  private hasMulticall(): Promise<boolean> {
    this.multicall ??= this.client.getCode({ address: MULTICALL3 }).then(
      (code) => code !== undefined && code !== '0x',
      (error: unknown) => {
        this.multicall = undefined;
        throw error;
      },
    );
    return this.multicall;
  }

  private async readWithMulticall(address: Address): Promise<bigint[]> {
    const contracts: ContractFunctionParameters[] = [
      { address: MULTICALL3, abi: multicall3Abi, functionName: 'getEthBalance', args: [address] },
      ...this.options.tokens.map((token) => ({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })),
      ...this.options.collections.map((collection) => ({
        address: collection.address,
        abi: erc721Abi,
        functionName: 'balanceOf',
        args: [address],
      })),
    ];
    const results = await this.client.multicall({
      multicallAddress: MULTICALL3,
      allowFailure: false,
      contracts,
    });
    return results.map((result) => {
      if (typeof result !== 'bigint')
        throw new Error('the node answered a balance that is not one');
      return result;
    });
  }

  /** Every call started in the same turn, so the transport sends them as one batch. */
  private async readInBatch(address: Address): Promise<bigint[]> {
    return Promise.all([
      this.client.getBalance({ address }),
      ...this.options.tokens.map((token) =>
        this.client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ),
      ...this.options.collections.map((collection) =>
        this.client.readContract({
          address: collection.address,
          abi: erc721Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ),
    ]);
  }
}
