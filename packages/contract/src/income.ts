import { z } from 'zod';
import { zNumber } from './numbers.js';

export const INCOME_TOKENS = ['pixels', 'axs'] as const;
export type TIncomeToken = (typeof INCOME_TOKENS)[number];

/** Largest amount accepted for income or expense: generous, but finite and storable exactly. */
export const AMOUNT_MAX = 1_000_000_000;
export const EXPENSE_DESCRIPTION_MAX = 200;
/**
 * How many days back the price service's free plan gives a past day's price (CoinGecko's Demo and
 * keyless plans): a record dated further back stays "price pending".
 */
export const PRICE_HISTORY_REACH_DAYS = 365;

const zAmount = (label: string) =>
  zNumber(`${label} must be a number.`, (n) =>
    n.min(0, `${label} cannot be negative.`).max(AMOUNT_MAX, `${label} is too large.`),
  );

/** A form's amount input: left empty, it is no amount at all (SPEC 5: empty counts as 0). */
const zFormAmount = (label: string) =>
  z.union([z.literal('').transform(() => undefined), zAmount(label)]);

type AmountSchema = ReturnType<typeof zAmount> | ReturnType<typeof zFormAmount>;

const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * A record's date may not be after today in the server's time zone (TIME_ZONE): no price is
 * ever known for a day to come, so such a record would stay "price pending". The server checks
 * it (the browser does not know the server's calendar) and says its own today.
 */
export const incomeDateAfterToday = (today: string) => `Date cannot be after today (${today}).`;

/**
 * The income body of one token (SPEC 5): every input optional. The amount arrives as `income`
 * or under the token's own name (`pixels` / `axs`); derived fields a client sends are ignored.
 */
function incomeSchema(token: TIncomeToken, amount: (label: string) => AmountSchema) {
  return z
    .object({
      income: amount('Income').optional(),
      pixels: amount('Income').optional(),
      axs: amount('Income').optional(),
      expense: amount('Expense').optional(),
      expense_type: z
        .enum(['usd', token], { error: `Expense type must be usd or ${token}.` })
        .optional(),
      expense_description: z
        .string()
        .trim()
        .max(
          EXPENSE_DESCRIPTION_MAX,
          `Description must be at most ${EXPENSE_DESCRIPTION_MAX} characters.`,
        )
        .optional(),
      date: z
        .string()
        .trim()
        .refine(
          (value) => value === '' || isCalendarDate(value),
          'Date must be a real date written YYYY-MM-DD.',
        )
        .optional(),
    })
    .transform(({ income, pixels, axs, expense, expense_type, expense_description, date }) => ({
      amount: income ?? (token === 'pixels' ? pixels : axs) ?? 0,
      expense: expense ?? 0,
      expense_type: (expense_type ?? 'usd') as 'usd' | TIncomeToken,
      expense_description: expense_description ?? '',
      date: date || undefined,
    }));
}

/** What the API takes: amounts are numbers (or their decimal text), never `true`, `""` or `[]`. */
export function incomeRequestSchema(token: TIncomeToken) {
  return incomeSchema(token, zAmount);
}

/** The income form: the same rules, with an amount input left empty read as no amount. */
export function incomeFormSchema(token: TIncomeToken) {
  return incomeSchema(token, zFormAmount);
}

/**
 * A saved record, valued at the token's price on its date. While no price is known for that day
 * the price, and with it the net income, is null ("price pending"); the server values the
 * record as soon as one is known.
 */
export const ZIncomeRecord = z.object({
  id: z.number().int(),
  income: z.number(),
  pixels: z.number().optional(),
  axs: z.number().optional(),
  expense: z.number(),
  expense_type: z.string(),
  expense_description: z.string(),
  converted_expense: z.string(),
  date: z.string(),
  /** Income minus expense, in USD, at the price of the record's day; null while it is pending. */
  net_income: z.number().nullable(),
  /** The token's USD price on the record's date; null while pending. */
  price_usd: z.number().nullable(),
  /** The USD→IDR rate of `usd_idr_date`; null while no rate is known. */
  usd_idr: z.number().nullable(),
  /** The day of that rate: the record's date, or the nearest day a rate is known for. */
  usd_idr_date: z.string().nullable(),
  created_at: z.string(),
});
export type TIncomeRecord = z.infer<typeof ZIncomeRecord>;

export const ZIncomeList = z.object({ data: z.array(ZIncomeRecord) });
export const ZIncomeOne = z.object({ data: ZIncomeRecord });
