import { z } from 'zod';
import { ZPricesResponse } from './market.js';

/**
 * How current a wallet's balances are: read within the TTL (fresh), the last good ones while the
 * node is asked again past the TTL (checking: nothing has failed), the last good ones while the
 * node is not answering (stale), or none ever read (unavailable: no amount is shown).
 */
export const ZBalanceState = z.enum(['fresh', 'checking', 'stale', 'unavailable']);
export type TBalanceState = z.infer<typeof ZBalanceState>;

/** Integers of any size as decimal text with the token's decimals applied: "1234.5". */
const zDecimal = z.string().regex(/^\d+(\.\d+)?$/);

export const ZTokenHolding = z.object({
  symbol: z.string(),
  /** The exact amount; never rounded on the server. */
  amount: zDecimal,
  /** Its USD value; null when the token has no price (left out of totals). */
  value_usd: z.number().nullable(),
});
export type TTokenHolding = z.infer<typeof ZTokenHolding>;

/**
 * How many NFTs of one configured collection (RONIN_COLLECTIONS) a wallet holds, read as ERC-721
 * balanceOf with the tokens. Counted, not valued: no floor price is applied, and no NFT is in
 * any USD total.
 */
export const ZNftHolding = z.object({
  /** The collection's contract address (0x and 40 lower-case hex digits). */
  collection: z.string(),
  /** Its configured name: AXIE, FARMLAND, or another RONIN_COLLECTIONS name. */
  name: z.string(),
  /** The exact count. */
  count: z.number().int().nonnegative(),
  /** The owner's page on the collection's official marketplace; null when none is known. */
  marketplace_url: z.string().nullable(),
});
export type TNftHolding = z.infer<typeof ZNftHolding>;

/** At most this many received token ids are listed per wallet and collection. */
export const RECEIVED_NFTS_LISTED = 20;

/**
 * The token ids of one configured collection a wallet's address received since the wallet was
 * tracked, as far as the chain activity follower has seen them: a partial list, not what the
 * wallet holds (an id received may have left since; one received before the follower followed
 * the address, or in blocks it has not read yet, is missing).
 */
export const ZReceivedNfts = z.object({
  collection: z.string(),
  name: z.string(),
  /** Newest first, at most RECEIVED_NFTS_LISTED; decimal text (uint256). */
  token_ids: z.array(z.string().regex(/^\d+$/)),
  /** How many more were received than are listed. */
  more: z.number().int().nonnegative(),
});
export type TReceivedNfts = z.infer<typeof ZReceivedNfts>;

/** What the Wallet Tracker calls a collection's NFTs, one and many, by configured name. */
export const NFT_NOUNS: Readonly<Record<string, { one: string; other: string }>> = {
  AXIE: { one: 'Axie', other: 'Axies' },
  FARMLAND: { one: 'Pixels Farmland plot', other: 'Pixels Farmland plots' },
};

export const ZWalletPortfolio = z.object({
  wallet_id: z.number().int(),
  state: ZBalanceState,
  /** When the amounts were read from the node (ISO-8601); null when they never were. */
  as_of: z.string().nullable(),
  /** Every configured token, RON first, zero amounts included; empty when unavailable. */
  tokens: z.array(ZTokenHolding),
  /**
   * The priced tokens' value; null when it is unknown: the wallet is unavailable, or it holds
   * tokens without a price and none with one (never a 0 that stands for "no price").
   */
  total_usd: z.number().nullable(),
  /** Tokens held (a non-zero amount) without a price: not in the total. */
  unpriced: z.array(z.string()),
  /**
   * Every configured collection with its count, zeros included, read with the tokens (same
   * state and as-of); empty when unavailable. Never in total_usd.
   */
  holdings: z.array(ZNftHolding),
  /**
   * Every configured collection with the ids received since the wallet was tracked (a partial
   * list: see ZReceivedNfts), whatever the balances' state.
   */
  received_nfts: z.array(ZReceivedNfts),
});
export type TWalletPortfolio = z.infer<typeof ZWalletPortfolio>;

export const ZPortfolioResponse = z.object({
  wallets: z.array(ZWalletPortfolio),
  summary: z.object({
    /**
     * The sum over wallets with amounts; unavailable wallets and unpriced tokens left out. null
     * when it is unknown: something is left out and nothing priced is held.
     */
    total_usd: z.number().nullable(),
    tokens: z.array(ZTokenHolding),
    /**
     * Each configured collection's count summed over the wallets with amounts (unavailable ones
     * left out, as from the tokens; none when no wallet was read); the link is null here (it is
     * per owner).
     */
    holdings: z.array(ZNftHolding),
    /** The oldest as-of among the wallets with amounts; null when none has any. */
    as_of: z.string().nullable(),
    /** Wallets whose balances could never be read, so are not in the total. */
    unavailable: z.number().int(),
    stale: z.number().int(),
    unpriced: z.array(z.string()),
  }),
  /** The rate for IDR figures, as on the income pages. */
  usd_idr: z.number(),
  /** Who supplied the prices and the rate, when each was obtained and whether it is stale. */
  sources: ZPricesResponse.shape.sources,
  /**
   * When balances are next asked of the node (ISO-8601); until then a refresh answers the same
   * amounts. null with no wallets or while a read is under way.
   */
  next_check: z.string().nullable(),
  /** True when more wallets are tracked than the portfolio covers (PORTFOLIO_MAX_WALLETS). */
  limited: z.boolean(),
});
export type TPortfolioResponse = z.infer<typeof ZPortfolioResponse>;

/** The first wallets (oldest first) a portfolio covers: each costs a node round per TTL. */
export const PORTFOLIO_MAX_WALLETS = 100;

/** Days of history the chart shows, today (UTC) included. */
export const PORTFOLIO_HISTORY_DAYS = 30;

export const ZPortfolioHistory = z.object({
  /** Oldest first, one entry per UTC day; null where no snapshot was taken (a gap, not 0). */
  days: z.array(z.object({ day: z.string(), total_usd: z.number().nullable() })),
  usd_idr: z.number(),
});
export type TPortfolioHistory = z.infer<typeof ZPortfolioHistory>;
