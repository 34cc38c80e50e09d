import { z } from 'zod';
import { zId, zNumber } from './numbers.js';

/** The tokens an alert can watch: the ones the price refresh prices. */
export const ALERT_TOKENS = ['PIXEL', 'AXS', 'SLP', 'RON'] as const;
export type TAlertToken = (typeof ALERT_TOKENS)[number];

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type TAlertDirection = (typeof ALERT_DIRECTIONS)[number];

export const ALERT_CURRENCIES = ['usd', 'idr'] as const;
export type TAlertCurrency = (typeof ALERT_CURRENCIES)[number];

/** 'armed' waits for the price to cross the line; 'fired' waits for it to cross back. */
export const ALERT_STATES = ['armed', 'fired'] as const;
export type TAlertState = (typeof ALERT_STATES)[number];

/** The most alerts one user keeps: creating one more answers 409. */
export const ALERTS_MAX = 20;

/**
 * The highest line an alert takes, per currency: far above any price these tokens have had, and
 * small enough to be stored and shown exactly.
 */
export const ALERT_PRICE_MAX: Record<TAlertCurrency, number> = {
  usd: 1_000_000,
  idr: 20_000_000_000,
};

export const alertPriceTooHigh = (currency: TAlertCurrency) =>
  `Price must be at most ${ALERT_PRICE_MAX[currency].toLocaleString('en-US')} ${currency.toUpperCase()}.`;

/** A line above zero and finite; the per-currency maximum is checked with the currency. */
const zAlertPrice = zNumber('Price must be a number.', (n) =>
  n
    .positive('Price must be greater than 0.')
    .max(Math.max(...Object.values(ALERT_PRICE_MAX)), 'Price is too large.'),
);

const zToken = z.enum(ALERT_TOKENS, { error: `Token must be one of: ${ALERT_TOKENS.join(', ')}.` });
const zDirection = z.enum(ALERT_DIRECTIONS, { error: 'Direction must be above or below.' });
const zCurrency = z.enum(ALERT_CURRENCIES, { error: 'Currency must be usd or idr.' });
const zMail = z.boolean({ error: 'mail must be true or false.' });

/**
 * A user's price alert. `price` is the line, in `currency`. `last_price` is the token's price in
 * that currency at the last check (null until the first refresh after the alert was set or
 * changed); `last_fired_at` when it last fired (ISO 8601 UTC, null if never); `fired_count` how
 * often it has fired.
 */
export const ZAlert = z.object({
  id: z.number().int(),
  token: zToken,
  direction: zDirection,
  currency: zCurrency,
  price: z.number(),
  mail: z.boolean(),
  state: z.enum(ALERT_STATES),
  last_price: z.number().nullable(),
  last_checked_at: z.string().nullable(),
  last_fired_at: z.string().nullable(),
  fired_count: z.number().int(),
  created_at: z.string(),
});
export type TAlert = z.infer<typeof ZAlert>;

/** GET /api/alerts: the caller's alerts, oldest first, and how many one user may keep. */
export const ZAlertList = z.object({ data: z.array(ZAlert), max: z.number().int() });
export type TAlertList = z.infer<typeof ZAlertList>;

function checkPriceForCurrency(
  body: { currency?: TAlertCurrency; price?: number },
  ctx: z.RefinementCtx,
) {
  if (body.currency === undefined || body.price === undefined) return;
  if (body.price > ALERT_PRICE_MAX[body.currency]) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: alertPriceTooHigh(body.currency) });
  }
}

/** POST /api/alerts. `mail` (default false) also mails each firing to the account's address. */
export const ZCreateAlertRequest = z
  .object({
    token: zToken,
    direction: zDirection,
    currency: zCurrency,
    price: zAlertPrice,
    mail: zMail.default(false),
  })
  .superRefine(checkPriceForCurrency);
export type TCreateAlertRequest = z.input<typeof ZCreateAlertRequest>;

/**
 * PATCH /api/alerts/:id: any of the fields. A change of token, direction, currency or price draws
 * a new line: the alert is armed again and checked afresh at the next refresh. A change of `mail`
 * alone keeps its state.
 */
export const ZUpdateAlertRequest = z
  .object({
    token: zToken.optional(),
    direction: zDirection.optional(),
    currency: zCurrency.optional(),
    price: zAlertPrice.optional(),
    mail: zMail.optional(),
  })
  .superRefine(checkPriceForCurrency);
export type TUpdateAlertRequest = z.input<typeof ZUpdateAlertRequest>;

export const ZAlertParams = z.object({ id: zId('The alert id') });

/** Create and update answers: a message to show and the alert as stored. */
export const ZAlertWriteResponse = z.object({ message: z.string(), data: ZAlert });
export type TAlertWriteResponse = z.infer<typeof ZAlertWriteResponse>;

export const ZAlertDeleteResponse = z.object({ message: z.string() });
export type TAlertDeleteResponse = z.infer<typeof ZAlertDeleteResponse>;

/**
 * GET and PUT /api/alerts/settings: the caller's mail switches. `mail_income`: income that
 * arrives on chain to a tracked wallet is mailed too, besides the bell.
 */
export const ZAlertSettings = z.object({ mail_income: z.boolean() });
export type TAlertSettings = z.infer<typeof ZAlertSettings>;

export const ZAlertSettingsRequest = z.object({
  mail_income: z.boolean({ error: 'mail_income must be true or false.' }),
});
export type TAlertSettingsRequest = z.input<typeof ZAlertSettingsRequest>;

export const ZAlertSettingsResponse = ZAlertSettings.extend({ message: z.string() });
export type TAlertSettingsResponse = z.infer<typeof ZAlertSettingsResponse>;

/** The messages the answers carry (the web shows them as they are). */
export const ALERT_MESSAGES = {
  created: 'Alert created.',
  updated: 'Alert updated.',
  deleted: 'Alert deleted.',
  settingsSaved: 'Settings saved.',
  tooMany: `You can keep at most ${ALERTS_MAX} alerts. Delete one to add another.`,
  notFound: 'Alert not found.',
} as const;
