import { isIP, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const DURATION = /^(\d+)\s*(ms|s|m|h|d)?$/;
const UNIT_SECONDS = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Accepts "3600", "250ms", "45m", "12h" or "7d"; answers seconds. */
function parseDuration(value: string): number | undefined {
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? 's') as keyof typeof UNIT_SECONDS;
  return Number(match[1]) * UNIT_SECONDS[unit];
}

const ZDuration = z.string().transform((value, ctx) => {
  const seconds = parseDuration(value);
  if (seconds === undefined || seconds <= 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a duration such as 3600, 500ms, 45m, 12h or 7d',
    });
    return z.NEVER;
  }
  return seconds;
});

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** CoinGecko's two plans answer on different hosts and take their key in different headers. */
const COINGECKO_KEY_HEADERS = [
  { host: 'pro-api.coingecko.com', plan: 'Pro', header: 'x-cg-pro-api-key' },
  { host: 'api.coingecko.com', plan: 'Demo', header: 'x-cg-demo-api-key' },
];

/** A key sent in the other plan's header is refused by CoinGecko: say so at start instead. */
function checkPriceKeyHeader(
  env: { PRICE_API_URL: string; PRICE_API_KEY?: string | undefined; PRICE_API_KEY_HEADER: string },
  ctx: z.RefinementCtx,
) {
  if (!env.PRICE_API_KEY) return;
  const { hostname } = new URL(env.PRICE_API_URL);
  const plan = COINGECKO_KEY_HEADERS.find((known) => known.host === hostname);
  if (plan && env.PRICE_API_KEY_HEADER.toLowerCase() !== plan.header) {
    ctx.addIssue({
      code: 'custom',
      path: ['PRICE_API_KEY_HEADER'],
      message: `the ${plan.plan} API (${plan.host}) takes its key in ${plan.header}`,
    });
  }
}

/**
 * The daily price series kept in the database (daily_rates), each with the CoinGecko coin whose
 * history it holds: the income tokens' two and the other Ronin tokens'. A wrapped token is priced
 * as the coin it wraps one for one (WRON as RON; WETH as ETH, whose history is the deepest market's).
 */
export const PRICE_SERIES_COINS = {
  pixels: 'pixels',
  axs: 'axie-infinity',
  slp: 'smooth-love-potion',
  ron: 'ronin',
  eth: 'ethereum',
  usdc: 'usd-coin',
} as const;

export type PriceSeries = keyof typeof PRICE_SERIES_COINS;

/** The price series of each RONIN_TOKENS symbol; a symbol not named here has no price history. */
export const TOKEN_PRICE_SERIES: Readonly<Record<string, PriceSeries>> = {
  PIXEL: 'pixels',
  AXS: 'axs',
  SLP: 'slp',
  WRON: 'ron',
  WETH: 'eth',
  USDC: 'usdc',
};

/**
 * A Ronin token the portfolio reads: its symbol, contract address and decimals, and the daily
 * price series its transfers are valued by (from TOKEN_PRICE_SERIES), if any.
 */
export type RoninToken = {
  symbol: string;
  address: `0x${string}`;
  decimals: number;
  priceSeries?: PriceSeries;
};

/** Ronin mainnet's tokens (app.roninchain.com's token list); RON itself is read as the balance. */
const DEFAULT_RONIN_TOKENS = [
  'PIXEL:0x7eae20d11ef8c779433eb24503def900b9d28ad7:18',
  'AXS:0x97a9107c1793bc407d6f527b77e7fff4d812bece:18',
  'SLP:0xa8754b9fa15fc18bb59458815510e40a12cd2014:0',
  'WRON:0xe514d9deb7966c8be0ca922de8a064264ea6bcd4:18',
  'WETH:0xc99a6a985ed2cac1ef41640596c5a5f9f4e19ef5:18',
  'USDC:0x0b7007c13325c48911f73a2dad5fa5dcbf808adc:6',
].join(',');

const TOKEN_ENTRY = /^([A-Z][A-Z0-9]{0,9}):(0x[0-9a-fA-F]{40}):(\d{1,2})$/;

/** "SYMBOL:address:decimals,..." into tokens; RON is the chain's own and cannot be listed. */
const ZRoninTokens = z.string().transform((value, ctx) => {
  const tokens: RoninToken[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const match = TOKEN_ENTRY.exec(entry);
    const [symbol, address, decimals] = match ? match.slice(1) : [];
    if (!symbol || !address || decimals === undefined || Number(decimals) > 36) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry.slice(0, 60)}" is not SYMBOL:0x-address:decimals (decimals 0-36)`,
      });
      return z.NEVER;
    }
    if (symbol === 'RON' || tokens.some((token) => token.symbol === symbol)) {
      ctx.addIssue({ code: 'custom', message: `${symbol} is listed twice (RON is always read)` });
      return z.NEVER;
    }
    const priceSeries = TOKEN_PRICE_SERIES[symbol];
    tokens.push({
      symbol,
      address: address.toLowerCase() as `0x${string}`,
      decimals: Number(decimals),
      ...(priceSeries ? { priceSeries } : {}),
    });
  }
  return tokens;
});

/** An ERC-721 collection the portfolio counts: its name (stored as `#NAME`) and contract address. */
export type RoninCollection = { name: string; address: `0x${string}` };

/**
 * Ronin mainnet's Axie and Pixels Farmland collections (README, "NFT holdings": where the addresses
 * were checked).
 */
const DEFAULT_RONIN_COLLECTIONS = [
  'AXIE:0x32950db2a7164ae833121501c797d79e7b79d74c',
  'FARMLAND:0xf083289535052e8449d69e6dc41c0ae064d8e3f6',
].join(',');

// Nine characters at most: a count is kept beside the token amounts as `#NAME` (10 characters).
const COLLECTION_ENTRY = /^([A-Z][A-Z0-9_]{0,8}):(0x[0-9a-fA-F]{40})$/;

/** "NAME:address,..." into collections; a name or an address is listed once. */
const ZRoninCollections = z.string().transform((value, ctx) => {
  const collections: RoninCollection[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const match = COLLECTION_ENTRY.exec(entry);
    const [name, address] = match ? match.slice(1) : [];
    if (!name || !address) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry.slice(0, 60)}" is not NAME:0x-address (NAME: A-Z, 0-9, _; 9 at most)`,
      });
      return z.NEVER;
    }
    const lower = address.toLowerCase() as `0x${string}`;
    if (collections.some((c) => c.name === name || c.address === lower)) {
      ctx.addIssue({ code: 'custom', message: `${name} (${lower}) is listed twice` });
      return z.NEVER;
    }
    collections.push({ name, address: lower });
  }
  return collections;
});

/**
 * Who may say where a request came from: nobody (the connection's address is the client's), the
 * last `hops` proxies in front of the server, or the proxies at these addresses and ranges.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for private ranges, as Fastify's trustProxy takes them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 20;

/** "192.0.2.1", "2001:db8::/32", "loopback": whether `entry` names trusted proxies. */
function isProxyAddress(entry: string) {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

/** TRUST_PROXY: false or 0, a hop count, or a comma-separated list of proxy addresses. */
export function parseTrustProxy(value: string): { trust: TrustProxy } | { problem: string } {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return { trust: false };
  if (text === 'true') {
    return {
      problem:
        '"true" would trust every hop, so any client could choose its own address by sending X-Forwarded-For. ' +
        'Write how many proxies stand in front of the server (TRUST_PROXY=1 for one nginx) ' +
        'or their addresses (TRUST_PROXY=127.0.0.1, or a range such as 10.0.0.0/8)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) return { problem: `at most ${MAX_PROXY_HOPS} proxies` };
    return { trust: { hops } };
  }
  const addresses = text.split(',').map((entry) => entry.trim());
  const wrong = addresses.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    return {
      problem: `"${wrong.slice(0, 60)}" is neither a number of proxies nor an IP address or range (such as 1, 127.0.0.1 or 10.0.0.0/8)`,
    };
  }
  return { trust: { addresses } };
}

const ZTrustProxy = z
  .string()
  .default('false')
  .transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if ('trust' in parsed) return parsed.trust;
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  });

/** Every setting the server reads; README.md's table and .env.example are checked against it. */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'must be 1-40 letters, digits, ":", "_" or "-"')
    .default('nexusplay:'),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  JWT_TTL: ZDuration.default(7 * 86_400),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email address').optional()),
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().min(3).max(32).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  SITE_NAME: z.string().trim().min(1).max(60).default('NexusPlay'),
  WEB_DIST_DIR: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: ZTrustProxy,
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURE_WINDOW: ZDuration.default(15 * 60),
  LOGIN_KNOWN_ADDRESS_TTL: ZDuration.default(30 * 86_400),
  REGISTER_MAX_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PRICE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.coingecko.com'),
  PRICE_API_KEY: optionalString,
  PRICE_API_KEY_HEADER: z.string().min(1).default('x-cg-demo-api-key'),
  FX_API_URL: z.url({ protocol: /^https?$/ }).default('https://open.er-api.com/v6/latest/USD'),
  MARKET_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // CoinGecko's free plan allows 10,000 calls a month: one every 10 minutes is 4,464 in a
  // 31-day month, leaving room for the price history (README, "Third-party services").
  PRICE_TTL: ZDuration.default(600),
  PRICE_HISTORY_RATE: z.coerce.number().int().min(1).max(10_000).default(20),
  FX_TTL: ZDuration.default(3600),
  MARKET_TTL: ZDuration.default(60),
  UPSTREAM_TIMEOUT: ZDuration.default(5),
  RONIN_RPC_URL: z.url({ protocol: /^https?$/ }).default('https://api.roninchain.com/rpc'),
  // Unset or empty: Ronin mainnet's tokens (DEFAULT_RONIN_TOKENS).
  RONIN_TOKENS: z.preprocess(emptyAsUndefined, ZRoninTokens.optional()),
  // Unset or empty: Axie and Pixels Farmland (DEFAULT_RONIN_COLLECTIONS). `none` counts no NFTs.
  RONIN_COLLECTIONS: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal('none').transform((): RoninCollection[] => []), ZRoninCollections])
      .optional(),
  ),
  BALANCE_TTL: ZDuration.default(60),
  // Requests a second to the node for work no one waits on (the hourly snapshot pass).
  RONIN_RPS: z.coerce.number().positive().max(1000).default(5),
  // The follower of the chain's token transfers (modules/activity): how often it looks, how far
  // back a new wallet is read, how many blocks it stays behind the head, and the most blocks and
  // addresses one eth_getLogs asks for (the public node refuses ranges over 200 blocks).
  // `off` runs no follower on this instance.
  ACTIVITY_POLL: z.union([z.literal('off').transform(() => 0), ZDuration]).default(30),
  ACTIVITY_BACKFILL_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  RONIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(10),
  RONIN_LOGS_RANGE: z.coerce.number().int().min(1).max(100_000).default(200),
  RONIN_LOGS_ADDRESSES: z.coerce.number().int().min(1).max(1000).default(100),
  MAX_WALLETS: z.coerce.number().int().min(1).default(1000),
  MAX_LINKS: z.coerce.number().int().min(1).default(10_000),
  MAX_INCOME_RECORDS: z.coerce.number().int().min(1).default(50_000),
  TIME_ZONE: z
    .string()
    .default('Asia/Jakarta')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-CA', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Jakarta or UTC'),
  // Signed-in answers kept in memory per instance (http-cache/personal-answers.ts); 0 turns it off.
  ANSWER_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  SEED_DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEMO_MODE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://play.example.com',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Shared state for several instances (rate limits, caches, the gateway); none: this process only. */
  redis: { url: string; prefix: string } | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  admin: { email?: string; username?: string; password?: string };
  siteName: string;
  webDistDir: string;
  logLevel: string;
  trustProxy: TrustProxy;
  loginThrottle: { maxFailures: number; windowSeconds: number; knownAddressSeconds: number };
  registerPerHour: number;
  /** The most rows a user may keep in each of their own lists (income: per tracker). */
  rowCaps: RowCaps;
  /** Bytes of signed-in answers each instance keeps, checked against their versions; 0: none. */
  answerCacheBytes: number;
  seedDemoContent: boolean;
  /** Every page says "Demo chain and prices" (`npm run demo`: a local node and price service). */
  demoMode: boolean;
  /** Whose "today" an income record without a date gets. */
  timeZone: string;
  /** The follower of the configured tokens' transfers to and from tracked wallets. */
  activity: {
    pollMs: number;
    backfillDays: number;
    /** Blocks a transfer's block must have behind it before it is read. */
    confirmations: number;
    /** The most blocks one eth_getLogs asks for (halved while the node refuses a range). */
    logsRange: number;
    /** The most addresses one eth_getLogs filter names. */
    logsAddresses: number;
  };
  /**
   * The site's origin for absolute links (sitemap, feed, previews): PUBLIC_URL, else derived from
   * HOST and PORT. Never a request's Host header, which anyone can set and a shared cache keeps.
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set, rather than guessed from the listen address. */
  publicUrlSet: boolean;
  /** Outgoing mail: through SMTP_URL, or without it written to the log (see README). */
  mail: { smtpUrl: string | undefined; from: string };
  gateway: {
    priceApiUrl: string;
    priceApiKey: string | undefined;
    priceApiKeyHeader: string;
    fxApiUrl: string;
    marketApiUrl: string | undefined;
    priceTtlMs: number;
    /** Calls a minute allowed to the price history (a token's price on a past day). */
    priceHistoryPerMinute: number;
    fxTtlMs: number;
    marketTtlMs: number;
    timeoutMs: number;
    /** The calendar whose days income records are valued by (TIME_ZONE). */
    timeZone: string;
    /** The Ronin node the portfolio asks for balances, and what it asks for. */
    ronin: {
      rpcUrl: string;
      tokens: RoninToken[];
      /** ERC-721 collections whose holdings are counted in the same read (RONIN_COLLECTIONS). */
      collections: RoninCollection[];
      balanceTtlMs: number;
      /** Requests a second to the node for background work (RONIN_RPS), per instance. */
      backgroundPerSecond: number;
    };
  };
};

export type RowCaps = { wallets: number; links: number; incomeRecords: number };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A wildcard listen address is reached on this machine as localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

function originOfListenAddress(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host;
  try {
    // The URL parser drops the default port 80.
    return new URL(`http://${isIPv6(name) ? `[${name}]` : name}:${port}`).origin;
  } catch {
    // A HOST that is no host name cannot be listened on either; starting will say so.
    return `http://localhost:${port}`;
  }
}

/** What to warn about at start: a production site whose absolute links are a guess. */
export function publicUrlWarning(config: Config): string | undefined {
  if (config.env !== 'production' || config.publicUrlSet) return undefined;
  return `PUBLIC_URL is not set: the sitemap, the RSS feed and link previews use ${config.publicUrl}. Set PUBLIC_URL to the address visitors use.`;
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads the whole environment at once and reports every bad key together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.superRefine(checkPriceKeyHeader).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? originOfListenAddress(e.HOST, e.PORT);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: Math.max(1, Math.round(e.JWT_TTL)),
    admin: { email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    siteName: e.SITE_NAME,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      windowSeconds: e.LOGIN_FAILURE_WINDOW,
      knownAddressSeconds: e.LOGIN_KNOWN_ADDRESS_TTL,
    },
    registerPerHour: e.REGISTER_MAX_PER_HOUR,
    rowCaps: {
      wallets: e.MAX_WALLETS,
      links: e.MAX_LINKS,
      incomeRecords: e.MAX_INCOME_RECORDS,
    },
    answerCacheBytes: Math.round(e.ANSWER_CACHE_MB * 1024 * 1024),
    seedDemoContent: e.SEED_DEMO_CONTENT,
    demoMode: e.DEMO_MODE,
    timeZone: e.TIME_ZONE,
    activity: {
      pollMs: Math.round(e.ACTIVITY_POLL * 1000),
      backfillDays: e.ACTIVITY_BACKFILL_DAYS,
      confirmations: e.RONIN_CONFIRMATIONS,
      logsRange: e.RONIN_LOGS_RANGE,
      logsAddresses: e.RONIN_LOGS_ADDRESSES,
    },
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.SITE_NAME}" <no-reply@${new URL(publicUrl).hostname}>`,
    },
    gateway: {
      priceApiUrl: e.PRICE_API_URL.replace(/\/+$/, ''),
      priceApiKey: e.PRICE_API_KEY,
      priceApiKeyHeader: e.PRICE_API_KEY_HEADER,
      fxApiUrl: e.FX_API_URL,
      marketApiUrl: e.MARKET_API_URL,
      priceTtlMs: Math.round(e.PRICE_TTL * 1000),
      priceHistoryPerMinute: e.PRICE_HISTORY_RATE,
      fxTtlMs: Math.round(e.FX_TTL * 1000),
      marketTtlMs: Math.round(e.MARKET_TTL * 1000),
      timeoutMs: Math.round(e.UPSTREAM_TIMEOUT * 1000),
      timeZone: e.TIME_ZONE,
      ronin: {
        rpcUrl: e.RONIN_RPC_URL,
        tokens: e.RONIN_TOKENS ?? ZRoninTokens.parse(DEFAULT_RONIN_TOKENS),
        collections: e.RONIN_COLLECTIONS ?? ZRoninCollections.parse(DEFAULT_RONIN_COLLECTIONS),
        balanceTtlMs: Math.round(e.BALANCE_TTL * 1000),
        backgroundPerSecond: e.RONIN_RPS,
      },
    },
  };
}
