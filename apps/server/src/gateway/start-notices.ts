import type { Config } from '../config.js';

/** Ronin's public endpoint, the default of RONIN_RPC_URL. */
export const PUBLIC_RONIN_RPC = 'https://api.roninchain.com/rpc';

const MONTH_MS = 31 * 86_400_000;
/** Past prices: the newest past day of each of the two income tokens, asked once a day. */
const HISTORY_CALLS_A_MONTH = 2 * 31;
/** A year of back-dated records: one range call per token, once. */
const HISTORY_CALLS_ONCE = 2;

const thousands = (n: number) => n.toLocaleString('en-US');

/** CoinGecko calls a month in a 31-day month, one instance (or several sharing Redis). */
export function priceCallsAMonth(gateway: Config['gateway']) {
  const current = Math.ceil(MONTH_MS / gateway.priceTtlMs);
  return { current, history: HISTORY_CALLS_A_MONTH, once: HISTORY_CALLS_ONCE };
}

/**
 * What the operator should know at start about the third-party services' limits: CoinGecko
 * asked without a key (a lower, varying limit than the free Demo key's), and in production Ronin's
 * public RPC endpoint (rate-limited, documented as not for production use).
 */
export function upstreamNotices(config: Config): string[] {
  const notices: string[] = [];
  const { gateway } = config;
  if (!gateway.priceApiKey) {
    const calls = priceCallsAMonth(gateway);
    notices.push(
      `PRICE_API_KEY is not set: CoinGecko is asked without a key, for which it documents a lower limit that varies with its traffic, below the free Demo key's 30 calls a minute and 10,000 a month. ` +
        `This site will spend about ${thousands(calls.current + calls.history)} calls a month ` +
        `(${thousands(calls.current)} for the current prices every PRICE_TTL of ${gateway.priceTtlMs / 1000} s, ${calls.history} for past prices) ` +
        `and ${calls.once} once for a year of back-dated records. A free CoinGecko Demo key is advised: set PRICE_API_KEY (see README, "Third-party services").`,
    );
  }
  if (config.env === 'production' && gateway.ronin.rpcUrl === PUBLIC_RONIN_RPC) {
    notices.push(
      `RONIN_RPC_URL is Ronin's public endpoint (${PUBLIC_RONIN_RPC}), which Ronin documents as rate-limited and not for production use. ` +
        `Set RONIN_RPC_URL to a keyed RPC provider's address (Ronin's documentation lists the providers) or to your own Ronin node.`,
    );
  }
  return notices;
}
