import { z } from 'zod';

export const INCOME_TOKENS = ['pixels', 'axs'] as const;
export type TIncomeToken = (typeof INCOME_TOKENS)[number];

/** Largest amount accepted for income or expense: generous, but finite and storable exactly. */
export const AMOUNT_MAX = 1_000_000_000;
export const EXPENSE_DESCRIPTION_MAX = 200;

const zAmount = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .refine(Number.isFinite, `${label} must be a number.`)
    .min(0, `${label} cannot be negative.`)
    .max(AMOUNT_MAX, `${label} is too large.`);

const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * The income form of one token (SPEC 5): every input optional. The amount arrives as `income`
 * or under the token's own name (`pixels` / `axs`); derived fields a client sends are ignored.
 */
export function incomeRequestSchema(token: TIncomeToken) {
  return z
    .object({
      income: zAmount('Income').optional(),
      pixels: zAmount('Income').optional(),
      axs: zAmount('Income').optional(),
      expense: zAmount('Expense').optional().default(0),
      expense_type: z
        .enum(['usd', token], { error: `Expense type must be usd or ${token}.` })
        .optional()
        .default('usd'),
      expense_description: z
        .string()
        .trim()
        .max(
          EXPENSE_DESCRIPTION_MAX,
          `Description must be at most ${EXPENSE_DESCRIPTION_MAX} characters.`,
        )
        .optional()
        .default(''),
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
      expense,
      expense_type: expense_type as 'usd' | TIncomeToken,
      expense_description,
      date: date || undefined,
    }));
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
