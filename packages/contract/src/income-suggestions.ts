import { z } from 'zod';
import { INCOME_TOKENS, ZIncomeRecord } from './income.js';
import { zId, zNumber } from './numbers.js';

/** The symbol each income token has on the chain (RONIN_TOKENS), as the suggestions say it. */
export const INCOME_TOKEN_SYMBOL = { pixels: 'PIXEL', axs: 'AXS' } as const;

/** Rows of a page of suggestions when the query names no limit. */
export const SUGGESTIONS_PAGE_DEFAULT = 20;
/** The most suggestions one page, and one "Add all", takes. */
export const SUGGESTIONS_PAGE_MAX = 100;
/** The furthest page asked for. */
export const SUGGESTIONS_PAGE_LIMIT = 100_000;

/**
 * The page of suggestions: pages count from 1. The total number of pending suggestions is in the
 * body's `total` (and in the X-Total-Count header, as for the other lists).
 */
export const ZIncomeSuggestionQuery = z.object({
  page: zNumber('page must be a number.', (n) =>
    n
      .int('page must be a whole number.')
      .min(1, 'page must be at least 1.')
      .max(SUGGESTIONS_PAGE_LIMIT, `page must be at most ${SUGGESTIONS_PAGE_LIMIT}.`),
  ).optional(),
  limit: zNumber('limit must be a number.', (n) =>
    n
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(SUGGESTIONS_PAGE_MAX, `limit must be at most ${SUGGESTIONS_PAGE_MAX}.`),
  ).optional(),
});
export type TIncomeSuggestionQuery = z.output<typeof ZIncomeSuggestionQuery>;

/**
 * An incoming transfer of the tracker's token to one of the user's wallets, from an address that
 * is none of the user's wallets, not yet added as income and not ignored. `id` is the transfer's
 * (what accept and ignore take). `amount` is exact, in token units ("120", "0.5"); `day` is the
 * transfer's day in the server's time zone (the date the record gets), `time` its block's time
 * (ISO 8601 UTC). The price and values are the day's from the daily history, null with
 * `price_pending` while unknown.
 */
export const ZIncomeSuggestion = z.object({
  id: z.number().int(),
  wallet: z.object({ id: z.number().int(), name: z.string() }),
  token: z.enum(INCOME_TOKENS),
  /** The token's symbol: PIXEL or AXS. */
  symbol: z.string(),
  amount: z.string(),
  day: z.string(),
  time: z.string(),
  from_address: z.string(),
  tx_hash: z.string(),
  log_index: z.number().int(),
  price_usd: z.number().nullable(),
  value_usd: z.number().nullable(),
  value_idr: z.number().nullable(),
  price_pending: z.boolean(),
});
export type TIncomeSuggestion = z.infer<typeof ZIncomeSuggestion>;

/** A page of suggestions, newest first, and how many are pending in all. */
export const ZIncomeSuggestionPage = z.object({
  data: z.array(ZIncomeSuggestion),
  total: z.number().int(),
});
export type TIncomeSuggestionPage = z.infer<typeof ZIncomeSuggestionPage>;

/**
 * The answer of an accept: the income record of the transfer. `created` is false when the
 * transfer was already added (another tab, a double click, the automatic adding): the record is
 * the one added then, and the status is 200 instead of 201.
 */
export const ZAcceptSuggestionResponse = z.object({
  message: z.string(),
  created: z.boolean(),
  data: ZIncomeRecord,
});
export type TAcceptSuggestionResponse = z.infer<typeof ZAcceptSuggestionResponse>;

/**
 * "Add all": the ids of the suggestions the page shows (at most a page). All of them are the
 * caller's suggestions or nothing is added (404); ids added already count as added.
 */
export const ZAcceptAllRequest = z.object({
  ids: z
    .array(zId('Each id'), { error: 'ids must be a list of suggestion ids.' })
    .min(1, 'ids must name at least one suggestion.')
    .max(SUGGESTIONS_PAGE_MAX, `At most ${SUGGESTIONS_PAGE_MAX} ids at once.`),
});
export type TAcceptAllRequest = z.input<typeof ZAcceptAllRequest>;

/** The records of the accepted suggestions, in the order asked; `added` counts the new ones. */
export const ZAcceptAllResponse = z.object({
  message: z.string(),
  added: z.number().int(),
  data: z.array(ZIncomeRecord),
});
export type TAcceptAllResponse = z.infer<typeof ZAcceptAllResponse>;

/** The answer of an ignore. */
export const ZIgnoreSuggestionResponse = z.object({ message: z.string() });
export type TIgnoreSuggestionResponse = z.infer<typeof ZIgnoreSuggestionResponse>;

/**
 * "Add these automatically" for one wallet and the tracker's token: incoming transfers that
 * arrive after it is turned on become income records without a click.
 */
export const ZIncomeAutoWallet = z.object({
  wallet: z.object({ id: z.number().int(), name: z.string() }),
  on: z.boolean(),
});
export type TIncomeAutoWallet = z.infer<typeof ZIncomeAutoWallet>;

/** Every wallet of the caller with its switch for the tracker's token, in wallet order. */
export const ZIncomeAutoList = z.object({ data: z.array(ZIncomeAutoWallet) });
export type TIncomeAutoList = z.infer<typeof ZIncomeAutoList>;

export const ZIncomeAutoRequest = z.object({
  on: z.boolean({ error: 'on must be true or false.' }),
});
export type TIncomeAutoRequest = z.input<typeof ZIncomeAutoRequest>;

export const ZIncomeAutoResponse = ZIncomeAutoWallet.extend({ message: z.string() });
export type TIncomeAutoResponse = z.infer<typeof ZIncomeAutoResponse>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The suggestion's text above the table: "120 PIXEL arrived in Farm wallet on 20 Nov 2026". */
export function suggestionText(
  suggestion: Pick<TIncomeSuggestion, 'amount' | 'symbol' | 'wallet' | 'day'>,
) {
  const [y, m, d] = suggestion.day.split('-').map(Number);
  const on = `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
  return `${suggestion.amount} ${suggestion.symbol} arrived in ${suggestion.wallet.name} on ${on}`;
}

/** The notification's title when a transfer arrives: "New PIXEL income: 120 PIXEL in Farm wallet". */
export const incomeArrivalTitle = (symbol: string, amount: string, walletName: string) =>
  `New ${symbol} income: ${amount} ${symbol} in ${walletName}`;
