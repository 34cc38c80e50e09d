import { z } from 'zod';

/** Where a third-party figure comes from, for the attribution its terms ask for. */
export const ZDataSource = z.object({
  /** The service's name ("CoinGecko"), or the host of an address it is not known by. */
  name: z.string(),
  /** The page its attribution links to; null for a service the server does not know. */
  url: z.string().nullable(),
  /**
   * When the service says its figure was last updated (ISO-8601), else when it was obtained; null
   * when it has never answered.
   */
  asOf: z.string().nullable(),
  stale: z.boolean(),
  /**
   * True when the figure is stale only because it is past its TTL and being asked for again (the
   * last good one is served meanwhile), not because the service failed.
   */
  checking: z.boolean().optional(),
});
export type TDataSource = z.infer<typeof ZDataSource>;

/**
 * Token prices and the USD→IDR rate, as the gateway last obtained them. Every IDR figure is the
 * USD price times `usdIdr`: one source for rupiah across the site (the income records too).
 */
export const ZPricesResponse = z.object({
  pixels: z.object({ usd: z.number(), idr: z.number() }),
  axs: z.object({ usd: z.number(), idr: z.number() }),
  usdIdr: z.number(),
  /** When the older of the two figures was obtained (ISO-8601), or null when neither ever was. */
  asOf: z.string().nullable(),
  /**
   * True when an upstream failed and older figures (or the fallbacks) are served, or while a
   * figure past its TTL is being asked for again (see each source's `checking`).
   */
  stale: z.boolean(),
  sources: z.object({ price: ZDataSource, rate: ZDataSource }),
});
export type TPricesResponse = z.infer<typeof ZPricesResponse>;

/** A market item with the defaults of SPEC 3 filled in. */
export const ZMarketItem = z.object({
  category: z.string(),
  level: z.number(),
  tier: z.union([z.string(), z.number()]),
  name: z.string(),
  site: z.string().nullable(),
  profit_per_energy: z.number(),
  sell_price: z.union([z.number(), z.literal('N/A')]),
  experience: z.number(),
  energy: z.union([z.number(), z.literal('N/A')]),
  time: z.union([z.number(), z.literal('N/A')]),
});
export type TMarketItem = z.infer<typeof ZMarketItem>;

export const ZMarketResponse = z.object({
  data: z.record(z.string(), z.array(ZMarketItem)),
  asOf: z.string().nullable(),
  stale: z.boolean(),
  /** True when stale only because the items, past their TTL, are being asked for again. */
  checking: z.boolean().optional(),
  /** True when no market source is configured and the shipped sample is shown. */
  sample: z.boolean(),
});
export type TMarketResponse = z.infer<typeof ZMarketResponse>;
