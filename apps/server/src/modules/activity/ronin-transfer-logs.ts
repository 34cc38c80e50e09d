import { setTimeout as sleep } from 'node:timers/promises';
import { createPublicClient, http, numberToHex, pad, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { NodePace } from '../../gateway/node-pace.js';

/**
 * keccak256("Transfer(address,address,uint256)"), the first topic of an ERC-20 Transfer log (3
 * topics, the amount as 32 bytes of data) and of an ERC-721 one (4 topics, the token id the last
 * one, no data).
 */
export const TRANSFER_TOPIC: Hex =
  '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A transfer as the chain logged it: raw amount and addresses, the block's time. */
export type LoggedTransfer = {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockTime: string;
  token: string;
  from: string;
  to: string;
  amount: string;
};

/** An ERC-721 transfer as the chain logged it: the collection and the token id (decimal text). */
export type LoggedNftTransfer = Omit<LoggedTransfer, 'token' | 'amount'> & {
  collection: string;
  tokenId: string;
};

export type TransferLogOptions = {
  rpcUrl: string;
  /** The token contracts whose logs are asked for (RONIN_TOKENS). */
  tokens: readonly Address[];
  /** The ERC-721 collections whose Transfer logs are asked for in the same filters (RONIN_COLLECTIONS). */
  collections?: readonly Address[];
  /** Told of a log of an asked contract that is not a Transfer of its kind (it is dropped). */
  onMalformed?: (log: { address: string; txHash: string; logIndex: number }) => void;
  timeoutMs: number;
  /** Addresses named in one filter (RONIN_LOGS_ADDRESSES). */
  addressesPerFilter: number;
  /** The pace every request takes a turn of (RONIN_RPS, shared with the instance's other background work). */
  pace: NodePace;
};

/** A node refusing a window as too wide (the public Ronin node's limit is 200 blocks). */
export class RangeRefused extends Error {}

/** How node answers that refuse a range, or a result too large for one, are worded. */
const RANGE_REFUSAL =
  /block range|range (is )?too (large|wide|big)|exceeds? the limit|more than \d+ (results|logs)|too many (results|logs)|response (body |size )?(is )?too large/i;

/** A request is asked again this many times after failing before its window fails. */
const RETRIES = 2;
const RETRY_PAUSE_MS = 250;
/** Blocks read in one batched request for their times. */
const BLOCKS_PER_REQUEST = 10;
/** A page of logs is larger than a balance; a node's answer past this is not one. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const ZQuantity = z
  .string()
  .regex(/^0x[0-9a-f]{1,16}$/i)
  .transform((value) => Number(BigInt(value)));
const ZHash = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/i)
  .transform((value) => value.toLowerCase());
const ZLog = z.object({
  address: z
    .string()
    .regex(/^0x[0-9a-f]{40}$/i)
    .transform((value) => value.toLowerCase()),
  topics: z.array(ZHash),
  data: z.string().regex(/^0x(?:[0-9a-f]{2})*$/i),
  blockNumber: ZQuantity,
  blockHash: ZHash,
  transactionHash: ZHash,
  logIndex: ZQuantity,
  removed: z.boolean().optional(),
});
const ZBlock = z.object({ number: ZQuantity, hash: ZHash, timestamp: ZQuantity });

type Log = z.infer<typeof ZLog>;

/** The address in a 32-byte topic, which must hold nothing else. */
function topicAddress(topic: string): string | undefined {
  return /^0x0{24}[0-9a-f]{40}$/.test(topic) ? `0x${topic.slice(26)}` : undefined;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/**
 * Reads the configured tokens' and collections' Transfer logs to and from given addresses from a
 * Ronin node with the standard JSON-RPC calls (eth_blockNumber, eth_getLogs, eth_getBlockByNumber),
 * each request at the background pace; both kinds come in the same filters, so the collections add
 * no request. An answer that is not what was asked (a log of another contract or event, outside
 * the window or for no asked address, a block that is not the log's) fails the read rather than
 * store or drop anything; a log of an asked contract that is not a Transfer of its kind (a token's
 * without its amount, a collection's without its token id) is dropped and told of.
 */
export class TransferLogReader {
  private readonly client;
  private readonly tokens: ReadonlySet<string>;
  /** Collections that are not also a configured token. */
  private readonly collections: ReadonlySet<string>;
  private chain: Promise<number> | undefined;

  constructor(private readonly options: TransferLogOptions) {
    this.tokens = new Set(options.tokens.map((address) => address.toLowerCase()));
    this.collections = new Set(
      (options.collections ?? [])
        .map((address) => address.toLowerCase())
        .filter((address) => !this.tokens.has(address)),
    );
    this.client = createPublicClient({
      transport: http(options.rpcUrl, {
        batch: { batchSize: BLOCKS_PER_REQUEST },
        timeout: options.timeoutMs,
        retryCount: 0,
        maxResponseBodySize: MAX_ANSWER_BYTES,
        fetchOptions: { redirect: 'error' },
      }),
    });
  }

  /** The node's chain id, asked once (a failed ask is asked again next time). */
  chainId(): Promise<number> {
    this.chain ??= this.request(() => this.client.request({ method: 'eth_chainId' })).then(
      (id) => ZQuantity.parse(id),
      (error: unknown) => {
        this.chain = undefined;
        throw error;
      },
    );
    return this.chain;
  }

  async head(): Promise<number> {
    return ZQuantity.parse(
      await this.request(() => this.client.request({ method: 'eth_blockNumber' })),
    );
  }

  /**
   * The transfers of blocks `from` to `to` (inclusive) with one of `addresses` on either side;
   * with `endTime`, also the time of block `to`, read in the same batches as the blocks holding
   * a transfer (a window of at most 10 blocks still costs one request of block reads).
   */
  async transfers(
    from: number,
    to: number,
    addresses: readonly string[],
    options: { endTime?: boolean } = {},
  ): Promise<{ found: LoggedTransfer[]; nfts: LoggedNftTransfer[]; endTime?: string }> {
    const asked = new Set(addresses);
    const logs = new Map<string, Log>();
    for (const chunk of chunks(addresses, this.options.addressesPerFilter)) {
      const topics = chunk.map((address) => pad(address as Hex));
      for (const side of [1, 2] as const) {
        const filter = side === 1 ? [TRANSFER_TOPIC, topics] : [TRANSFER_TOPIC, null, topics];
        for (const log of await this.logs(from, to, filter)) {
          const party = topicAddress(log.topics[side] ?? '');
          if (party === undefined || !asked.has(party)) {
            throw new Error('the node answered a log for an address not asked for');
          }
          logs.set(`${log.transactionHash}:${log.logIndex}`, log);
        }
      }
    }
    const times = await this.blockTimes([...logs.values()], options.endTime ? [to] : []);
    const found: LoggedTransfer[] = [];
    const nfts: LoggedNftTransfer[] = [];
    for (const log of logs.values()) {
      const common = {
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockTime: times.get(log.blockNumber)!,
        from: topicAddress(log.topics[1]!)!,
        to: topicAddress(log.topics[2]!)!,
      };
      if (log.topics.length === 4) {
        nfts.push({
          ...common,
          collection: log.address,
          tokenId: BigInt(log.topics[3]!).toString(),
        });
      } else {
        found.push({ ...common, token: log.address, amount: BigInt(log.data).toString() });
      }
    }
    return options.endTime ? { found, nfts, endTime: times.get(to)! } : { found, nfts };
  }

  /**
   * Whether a log of an asked contract is a Transfer of its kind: of a token, 3 topics and a
   * 32-byte amount; of a collection, 4 topics (the token id the last) and no data; both sides
   * addresses.
   */
  private wellFormed(log: Log) {
    const token = this.tokens.has(log.address);
    const sides =
      topicAddress(log.topics[1] ?? '') !== undefined &&
      topicAddress(log.topics[2] ?? '') !== undefined;
    return token
      ? sides && log.topics.length === 3 && log.data.length === 66
      : sides && log.topics.length === 4 && log.data === '0x';
  }

  private async logs(from: number, to: number, topics: (Hex | Hex[] | null)[]) {
    const contracts = [...this.tokens, ...this.collections] as Address[];
    // Checked inside the request, so that an answer that is not one is asked again as an error is.
    const ask = async () => {
      const answer = await this.client.request({
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: numberToHex(from),
            toBlock: numberToHex(to),
            address: contracts,
            topics,
          },
        ],
      });
      const logs = z.array(ZLog).parse(answer);
      for (const log of logs) {
        if (
          log.removed === true ||
          !(this.tokens.has(log.address) || this.collections.has(log.address)) ||
          log.topics[0] !== TRANSFER_TOPIC ||
          log.blockNumber < from ||
          log.blockNumber > to
        ) {
          throw new Error('the node answered a log that was not asked for');
        }
      }
      // A log of an asked contract that is not a Transfer of its kind is dropped (and told of),
      // never stored as one.
      return logs.filter((log) => {
        if (this.wellFormed(log)) return true;
        this.options.onMalformed?.({
          address: log.address,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
        });
        return false;
      });
    };
    try {
      return await this.request(ask);
    } catch (error) {
      if (error instanceof Error && RANGE_REFUSAL.test(error.message)) {
        throw new RangeRefused(error.message);
      }
      throw error;
    }
  }

  /**
   * ISO 8601 times of the blocks holding `logs`, each checked to be the block the log names, and
   * of the blocks numbered in `also`.
   */
  private async blockTimes(logs: readonly Log[], also: readonly number[] = []) {
    const hashes = new Map(logs.map((log) => [log.blockNumber, log.blockHash]));
    const times = new Map<number, string>();
    const wanted = [...new Set([...hashes.keys(), ...also])];
    for (const numbers of chunks(wanted, BLOCKS_PER_REQUEST)) {
      // Started in the same turn, the transport sends them as one batched request.
      const blocks = await this.request(() =>
        Promise.all(
          numbers.map((number) =>
            this.client.request({
              method: 'eth_getBlockByNumber',
              params: [numberToHex(number), false],
            }),
          ),
        ),
      );
      blocks.forEach((answer, index) => {
        const block = ZBlock.parse(answer);
        const number = numbers[index]!;
        const hash = hashes.get(number);
        if (block.number !== number || (hash !== undefined && block.hash !== hash)) {
          throw new Error('the node answered a block other than the one its log named');
        }
        times.set(number, new Date(block.timestamp * 1000).toISOString());
      });
    }
    return times;
  }

  /** One request at the pace, asked again a few times while it fails (a refused range is not). */
  private async request<T>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      await this.options.pace.turn();
      try {
        return await send();
      } catch (error) {
        const refused = error instanceof Error && RANGE_REFUSAL.test(error.message);
        if (refused || attempt >= RETRIES) throw error;
        await sleep(RETRY_PAUSE_MS * (attempt + 1));
      }
    }
  }
}
