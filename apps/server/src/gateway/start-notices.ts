import type { Config, PriceSeries } from '../config.js';

/** Ronin's public endpoint, the default of RONIN_RPC_URL. */
export const PUBLIC_RONIN_RPC = 'https://api.roninchain.com/rpc';

const MONTH_DAYS = 31;
const MONTH_MS = MONTH_DAYS * 86_400_000;

const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * CoinGecko calls a month in a 31-day month, one instance (or several sharing Redis). Past
 * prices: each daily series (the income tokens' two, and those of the other RONIN_TOKENS the
 * activity values) asks for its newest day once a day, and once for the year back it reaches
 * (one range call a series).
 */
export function priceCallsAMonth(gateway: Config['gateway']) {
  const current = Math.ceil(MONTH_MS / gateway.priceTtlMs);
  const series = new Set<PriceSeries>(['pixels', 'axs']);
  for (const token of gateway.ronin.tokens) if (token.priceSeries) series.add(token.priceSeries);
  return { current, history: series.size * MONTH_DAYS, once: series.size };
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
        `and ${calls.once} once for the year back of each token's prices. A free CoinGecko Demo key is advised: set PRICE_API_KEY (see README, "Third-party services").`,
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
