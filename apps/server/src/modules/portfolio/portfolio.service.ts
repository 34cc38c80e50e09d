import type { Kysely } from 'kysely';
import { formatUnits, parseUnits } from 'viem';
import {
  PORTFOLIO_HISTORY_DAYS,
  PORTFOLIO_MAX_WALLETS,
  RECEIVED_NFTS_LISTED,
  type TBalanceState,
  type TReceivedNfts,
  type TNftHolding,
  type TPortfolioHistory,
  type TPortfolioResponse,
  type TTokenHolding,
  type TWalletPortfolio,
} from '@nexusplay/contract/portfolio';
import type { Database } from '../../db/schema.js';
import type { SourceValue } from '../../gateway/cached-source.js';
import type { Gateway, TokenPrices } from '../../gateway/gateway.js';
import type { RoninCollection } from '../../config.js';
import {
  collectionKey,
  NATIVE_DECIMALS,
  NATIVE_SYMBOL,
  type Balances,
} from '../../gateway/ronin-balances.js';
import { addDays, utcDayOf } from '../analytics/utc-days.js';
import {
  claimSnapshotRun,
  dailyTotals,
  insertSnapshots,
  receivedNfts,
  walletAddresses,
  walletOwners,
  walletsWithSnapshot,
  type SnapshotRow,
} from './portfolio.repository.js';

type DB = Kysely<Database>;

/** What the portfolio module needs from the app. */
export type PortfolioDeps = { db: DB; gateway: Gateway };

type Token = { symbol: string; decimals: number };

/** A wallet as valued: everything but the NFTs it received (read apart, from the follower's rows). */
type ValuedWallet = Omit<TWalletPortfolio, 'received_nfts'>;

/** Which of the gateway's prices values each token; WRON is RON wrapped, so at RON's price. */
const PRICE_OF: Record<string, keyof TokenPrices> = {
  RON: 'ron',
  WRON: 'ron',
  PIXEL: 'pixels',
  AXS: 'axs',
  SLP: 'slp',
  WETH: 'weth',
  USDC: 'usdc',
};

/**
 * The owner's page on each default collection's official marketplace, by contract address
 * (README, "NFT holdings": where the shapes were checked): Axies on Axie Infinity's own app, Pixels
 * Farmland on Ronin's Mavis Market. Another collection has no link.
 */
const MARKETPLACE_PAGE: Record<string, (owner: string) => string> = {
  '0x32950db2a7164ae833121501c797d79e7b79d74c': (owner) =>
    `https://app.axieinfinity.com/profile/${owner}/axies/`,
  '0xf083289535052e8449d69e6dc41c0ae064d8e3f6': (owner) =>
    `https://marketplace.roninchain.com/account/${owner}`,
};

/** The tokens read, RON first, with their decimals. */
const tokensOf = (gateway: Gateway): Token[] => [
  { symbol: NATIVE_SYMBOL, decimals: NATIVE_DECIMALS },
  ...gateway.balances.tokens,
];

/** USD per token, or none: prices never obtained are no prices (their fallback is not a price). */
function priceTable(prices: SourceValue<TokenPrices>) {
  return (symbol: string): number | undefined => {
    const key = PRICE_OF[symbol];
    return prices.asOf === null || !key ? undefined : prices.value[key]?.usd;
  };
}

function stateOf(balances: SourceValue<Balances>): TBalanceState {
  if (balances.asOf === null) return 'unavailable';
  if (balances.checking) return 'checking';
  return balances.stale ? 'stale' : 'fresh';
}

/** One wallet's holdings and total from its raw amounts. */
function valueWallet(
  wallet: { id: number; address: string },
  balances: SourceValue<Balances>,
  tokens: Token[],
  collections: RoninCollection[],
  priceOf: (symbol: string) => number | undefined,
): ValuedWallet {
  const walletId = wallet.id;
  const state = stateOf(balances);
  if (state === 'unavailable') {
    return {
      wallet_id: walletId,
      state,
      as_of: null,
      tokens: [],
      total_usd: null,
      unpriced: [],
      holdings: [],
    };
  }
  const holdings: TTokenHolding[] = [];
  const unpriced: string[] = [];
  let total = 0;
  for (const token of tokens) {
    // A token added to the configuration after these amounts were read has none yet.
    const raw = balances.value[token.symbol];
    if (raw === undefined) continue;
    const amount = formatUnits(BigInt(raw), token.decimals);
    const price = priceOf(token.symbol);
    const value = price === undefined ? null : Number(amount) * price;
    if (value === null && BigInt(raw) > 0n) unpriced.push(token.symbol);
    total += value ?? 0;
    holdings.push({ symbol: token.symbol, amount, value_usd: value });
  }
  return {
    wallet_id: walletId,
    state,
    as_of: balances.asOf,
    tokens: holdings,
    total_usd: knownTotal(total, unpriced.length > 0, holdings),
    unpriced,
    holdings: countNfts(wallet.address, balances.value, collections),
  };
}

/**
 * The wallet's count of each collection, from the same read as its tokens. A collection added to
 * the configuration after these amounts were read has no count yet: it is left out until the
 * next read, never shown as 0.
 */
function countNfts(
  address: string,
  amounts: Balances,
  collections: RoninCollection[],
): TNftHolding[] {
  return collections.flatMap((collection) => {
    const count = amounts[collectionKey(collection.name)];
    if (count === undefined) return [];
    return [
      {
        collection: collection.address,
        name: collection.name,
        count: Number(count),
        marketplace_url: MARKETPLACE_PAGE[collection.address]?.(address) ?? null,
      },
    ];
  });
}

/**
 * A total, or null when it is unknown: something is left out of it (a token without a price, a
 * wallet never read) and nothing held in it has a price, so its figure would be a 0 standing for
 * "no price". A total with priced holdings is shown, its gaps marked beside it.
 */
function knownTotal(total: number, leavesOut: boolean, holdings: TTokenHolding[]) {
  const priced = holdings.some(
    (holding) => holding.value_usd !== null && /[1-9]/.test(holding.amount),
  );
  return leavesOut && !priced ? null : total;
}

/** The wallets' balances through the cache, each address asked once however often it is tracked. */
async function balancesOf(gateway: Gateway, addresses: readonly string[]) {
  const unique = [...new Set(addresses)];
  const sources = unique.map((address) => gateway.balances.forAddress(address));
  const values = await Promise.all(sources.map((source) => source.get()));
  return {
    byAddress: new Map(unique.map((address, index) => [address, values[index]!])),
    /** Until when every one of these values stays as read (see CachedSource.unchangedUntil). */
    unchangedUntil: Math.min(
      ...sources.map((source, index) => source.unchangedUntil(values[index]!)),
    ),
  };
}

function summarise(
  wallets: ValuedWallet[],
  tokens: Token[],
  collections: RoninCollection[],
  priceOf: (s: string) => number | undefined,
) {
  const withAmounts = wallets.filter((wallet) => wallet.state !== 'unavailable');
  const summaryTokens = tokens.map((token) => {
    let sum = 0n;
    for (const wallet of withAmounts) {
      const held = wallet.tokens.find((holding) => holding.symbol === token.symbol);
      if (held) sum += parseUnits(held.amount, token.decimals);
    }
    const amount = formatUnits(sum, token.decimals);
    const price = priceOf(token.symbol);
    return {
      symbol: token.symbol,
      amount,
      value_usd: price === undefined ? null : Number(amount) * price,
    };
  });
  const unavailable = wallets.length - withAmounts.length;
  const unpriced = [...new Set(withAmounts.flatMap((wallet) => wallet.unpriced))];
  const sum = withAmounts.reduce((total, wallet) => total + (wallet.total_usd ?? 0), 0);
  return {
    total_usd: knownTotal(sum, unavailable > 0 || unpriced.length > 0, summaryTokens),
    tokens: summaryTokens,
    // With no wallet read there is no count to give: none, rather than zeros.
    holdings: (withAmounts.length === 0 ? [] : collections).map((collection) => ({
      collection: collection.address,
      name: collection.name,
      count: withAmounts.reduce(
        (sum, wallet) =>
          sum + (wallet.holdings.find((held) => held.name === collection.name)?.count ?? 0),
        0,
      ),
      marketplace_url: null,
    })),
    as_of: withAmounts.map((wallet) => wallet.as_of!).sort()[0] ?? null,
    unavailable,
    stale: wallets.filter((wallet) => wallet.state === 'stale').length,
    unpriced,
  };
}

/** A timestamp down to its second: a block's time has no finer part. */
const toSecond = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}.000Z`;

/**
 * Per wallet, each configured collection's token ids its address received since the wallet was
 * tracked (from the second it was added), as the chain activity follower stored them: newest
 * first, at most RECEIVED_NFTS_LISTED, with how many more. A partial list (ZReceivedNfts).
 */
async function receivedByWallet(
  db: DB,
  wallets: readonly { id: number; address: string; created_at: string }[],
  collections: readonly RoninCollection[],
) {
  const rows = await receivedNfts(
    db,
    wallets.map((wallet) => ({ address: wallet.address, since: toSecond(wallet.created_at) })),
    collections.map((collection) => collection.address),
    RECEIVED_NFTS_LISTED,
  );
  const byKey = new Map<string, Pick<TReceivedNfts, 'token_ids' | 'more'>>();
  for (const row of rows) {
    const key = `${row.to_address}:${row.collection}`;
    const entry = byKey.get(key) ?? { token_ids: [], more: 0 };
    entry.token_ids.push(row.token_id);
    entry.more = Math.max(0, row.total - RECEIVED_NFTS_LISTED);
    byKey.set(key, entry);
  }
  return new Map(
    wallets.map((wallet) => [
      wallet.id,
      collections.map((collection) => {
        const found = byKey.get(`${wallet.address}:${collection.address}`);
        return {
          collection: collection.address,
          name: collection.name,
          token_ids: found?.token_ids ?? [],
          more: found?.more ?? 0,
        };
      }),
    ]),
  );
}

/**
 * The caller's own wallets valued: only addresses they track are ever looked up. With the
 * portfolio, until when (ms since the epoch) it stays as it is while the wallets do: the first
 * time one of the balances, prices or rate it was valued from is due for a check.
 */
async function getPortfolio(
  db: DB,
  gateway: Gateway,
  userId: number,
): Promise<{ portfolio: TPortfolioResponse; unchangedUntil: number }> {
  const wallets = await walletAddresses(db, userId, PORTFOLIO_MAX_WALLETS + 1);
  const covered = wallets.slice(0, PORTFOLIO_MAX_WALLETS);
  const collections = gateway.balances.collections;
  const [balances, prices, fx, received] = await Promise.all([
    balancesOf(
      gateway,
      covered.map((wallet) => wallet.address),
    ),
    gateway.prices.get(),
    gateway.fx.get(),
    receivedByWallet(db, covered, collections),
  ]);
  const tokens = tokensOf(gateway);
  const priceOf = priceTable(prices);
  const valued = covered.map((wallet) =>
    valueWallet(wallet, balances.byAddress.get(wallet.address)!, tokens, collections, priceOf),
  );
  const nextCheck = balances.unchangedUntil;
  const portfolio = {
    wallets: valued.map((wallet) => ({
      ...wallet,
      received_nfts: received.get(wallet.wallet_id) ?? [],
    })),
    summary: summarise(valued, tokens, collections, priceOf),
    usd_idr: fx.value,
    sources: gateway.sourcesOf(prices, fx),
    // Infinity with no wallets, 0 while a read is under way: neither is a time to tell.
    next_check: nextCheck > 0 && nextCheck < Infinity ? new Date(nextCheck).toISOString() : null,
    limited: wallets.length > PORTFOLIO_MAX_WALLETS,
  };
  const unchangedUntil = Math.min(
    balances.unchangedUntil,
    gateway.prices.unchangedUntil(prices),
    gateway.fx.unchangedUntil(fx),
  );
  return { portfolio, unchangedUntil };
}

/** The caller's portfolio total per UTC day over the last 30 days; a day without one is null. */
async function getPortfolioHistory(
  db: DB,
  gateway: Gateway,
  userId: number,
  now = new Date(),
): Promise<TPortfolioHistory> {
  const today = utcDayOf(now);
  const firstDay = addDays(today, 1 - PORTFOLIO_HISTORY_DAYS);
  const [rows, fx] = await Promise.all([dailyTotals(db, userId, firstDay), gateway.fx.get()]);
  const byDay = new Map(rows.map((row) => [row.day, Number(row.total)]));
  const days = Array.from({ length: PORTFOLIO_HISTORY_DAYS }, (_, index) => {
    const day = addDays(firstDay, index);
    return { day, total_usd: byDay.get(day) ?? null };
  });
  return { days, usd_idr: fx.value };
}

/**
 * Wallets valued per statement of the daily snapshot, and addresses asked at once: the node is
 * sent a page's reads as one request.
 */
const SNAPSHOT_PAGE = 50;
/** Owners of wallets looked up at once by the snapshot pass. */
const OWNERS_PAGE = 100;

/**
 * The wallets the portfolio shows (each user's first PORTFOLIO_MAX_WALLETS) that have no total
 * for `day`, SNAPSHOT_PAGE at a time: a wallet past those is in no total the user sees, and
 * reading it would only cost node requests (two users with 10,000 wallets each cost 417).
 */
async function* shownWalletsWithoutSnapshot(db: DB, day: string) {
  const pending: { id: number; address: string }[] = [];
  for (let afterUser = 0; ;) {
    const owners = await walletOwners(db, afterUser, OWNERS_PAGE);
    if (owners.length === 0) break;
    afterUser = owners[owners.length - 1]!;
    for (const userId of owners) {
      const shown = await walletAddresses(db, userId, PORTFOLIO_MAX_WALLETS);
      const valued = await walletsWithSnapshot(
        db,
        day,
        shown.map((wallet) => wallet.id),
      );
      pending.push(...shown.filter((wallet) => !valued.has(wallet.id)));
      while (pending.length >= SNAPSHOT_PAGE) yield pending.splice(0, SNAPSHOT_PAGE);
    }
  }
  if (pending.length > 0) yield pending;
}

/**
 * Today's (UTC) total of every wallet the portfolio shows that has none yet, made by the one
 * instance whose claim of this hour's pass lands: the day's first pass values every such wallet,
 * later ones the wallets added since. Balances come through the same cache as the pages'; a
 * wallet whose balances were never read gets no row (a gap in its history, not a zero) until a
 * later pass reads them. The pass is background work: its node requests are paced (RONIN_RPS).
 * Answers whether this call made the pass.
 */
export async function takeDailySnapshot(db: DB, gateway: Gateway, now = new Date()) {
  const day = utcDayOf(now);
  const run = now.toISOString().slice(0, 13);
  if (!(await claimSnapshotRun(db, run, now.toISOString()))) return false;
  const tokens = tokensOf(gateway);
  // Asked for once there is a wallet to value: most hours' passes find none, and the instance
  // that makes one may never have asked the price service yet (its free plan counts each call).
  let priceOf: ReturnType<typeof priceTable> | undefined;
  for await (const page of shownWalletsWithoutSnapshot(db, day)) {
    priceOf ??= priceTable(await gateway.prices.get());
    await gateway.balances.pace.turn();
    const balances = await balancesOf(
      gateway,
      page.map((wallet) => wallet.address),
    );
    const rows: SnapshotRow[] = [];
    for (const wallet of page) {
      const valued = valueWallet(
        wallet,
        balances.byAddress.get(wallet.address)!,
        tokens,
        [],
        priceOf,
      );
      if (valued.total_usd === null || valued.as_of === null) continue;
      rows.push({ wallet_id: wallet.id, day, total_usd: valued.total_usd, as_of: valued.as_of });
    }
    await insertSnapshots(db, rows);
  }
  return true;
}

/** The Wallet Tracker's portfolio: the caller's own wallets valued, their history, the daily pass. */
export function portfolioService({ db, gateway }: PortfolioDeps) {
  return {
    get: (userId: number) => getPortfolio(db, gateway, userId),
    history: (userId: number) => getPortfolioHistory(db, gateway, userId),
    takeDailySnapshot: (now?: Date) => takeDailySnapshot(db, gateway, now),
  };
}
