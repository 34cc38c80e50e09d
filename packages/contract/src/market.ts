import { z } from 'zod';

/** Token prices and the USD→IDR rate, as the gateway last obtained them. */
export const ZPricesResponse = z.object({
  pixels: z.object({ usd: z.number(), idr: z.number() }),
  axs: z.object({ usd: z.number(), idr: z.number() }),
  usdIdr: z.number(),
  /** When the figures were obtained (ISO-8601), or null when there has never been an answer. */
  asOf: z.string().nullable(),
  /** True when an upstream failed and older figures (or the fallbacks) are served. */
  stale: z.boolean(),
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
  /** True when no market source is configured and the shipped sample is shown. */
  sample: z.boolean(),
});
export type TMarketResponse = z.infer<typeof ZMarketResponse>;
