import { z } from 'zod';
import { LIST_CAP } from './lists.js';
import { zId, zNumber } from './numbers.js';

export const ACTIVITY_DIRECTIONS = ['in', 'out'] as const;
export type TActivityDirection = (typeof ACTIVITY_DIRECTIONS)[number];

/** Rows of a page when the query names no limit. */
export const ACTIVITY_PAGE_DEFAULT = 50;
/** The furthest page asked for: far past any user's transfers, and an offset a database reads. */
export const ACTIVITY_PAGE_MAX = 100_000;

/**
 * The filter and page of the activity (and the filter of its CSV): one of the user's wallets, a
 * token symbol of RONIN_TOKENS, a direction; pages count from 1. The total number of matching
 * rows travels in the X-Total-Count header, as for the personal lists.
 */
export const ZActivityQuery = z.object({
  wallet_id: zId('wallet_id').optional(),
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,9}$/, 'token must be a token symbol.')
    .transform((value) => value.toUpperCase())
    .optional(),
  direction: z.enum(ACTIVITY_DIRECTIONS, { error: 'direction must be in or out.' }).optional(),
  page: zNumber('page must be a number.', (n) =>
    n
      .int('page must be a whole number.')
      .min(1, 'page must be at least 1.')
      .max(ACTIVITY_PAGE_MAX, `page must be at most ${ACTIVITY_PAGE_MAX}.`),
  ).optional(),
  limit: zNumber('limit must be a number.', (n) =>
    n
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(LIST_CAP, `limit must be at most ${LIST_CAP}.`),
  ).optional(),
});
export type TActivityQuery = z.output<typeof ZActivityQuery>;

/** The filter alone: what the CSV export takes. */
export const ZActivityExportQuery = ZActivityQuery.omit({ page: true, limit: true });
export type TActivityExportQuery = z.output<typeof ZActivityExportQuery>;

/** The other side of a transfer: one of the user's own wallets, or an address. */
export const ZActivityCounterparty = z.union([
  z.object({ wallet_id: z.number().int(), wallet_name: z.string() }),
  z.object({ address: z.string() }),
]);
export type TActivityCounterparty = z.infer<typeof ZActivityCounterparty>;

/**
 * One transfer as one wallet of the user saw it. A transfer between two of the user's wallets is
 * two items: out of one, in to the other. `amount` is exact, in token units ("0.000001",
 * "1500"); the values are at the price of the transfer's day, null with `price_pending` while the
 * daily history has no price (or rate) for it.
 */
export const ZActivityItem = z.object({
  wallet: z.object({ id: z.number().int(), name: z.string() }),
  token: z.string(),
  direction: z.enum(ACTIVITY_DIRECTIONS),
  amount: z.string(),
  counterparty: ZActivityCounterparty,
  tx_hash: z.string(),
  log_index: z.number().int(),
  block_number: z.number().int(),
  time: z.string(),
  value_usd: z.number().nullable(),
  value_idr: z.number().nullable(),
  price_pending: z.boolean(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

/**
 * How current the activity is: the last block the chain follower read in full, and the time that
 * block was made (ISO 8601, from its header). Until the follower has moved its cursor once since
 * it began keeping that time (and after it skipped blocks while no wallet was tracked), `time` is
 * when the cursor moved there instead, a little later than the block: never empty.
 */
export const ZActivityAsOf = z.object({ block: z.number().int(), time: z.string() });

/** A page of the activity, and how current it is (null before the follower's first pass). */
export const ZActivityPage = z.object({
  data: z.array(ZActivityItem),
  as_of: ZActivityAsOf.nullable(),
});
export type TActivityPage = z.infer<typeof ZActivityPage>;
