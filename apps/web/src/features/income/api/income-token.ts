import { incomeFormSchema, type TIncomeToken } from '@nexusplay/contract/income';

/** What differs between the Income Pixels and Income Axie pages; everything else is shared. */
export type IncomeTokenConfig = {
  token: TIncomeToken;
  /** How the token is named on screen and in the converted expense ("120 Pixels"). */
  label: string;
  /** Where the signed-in user's records of this token live in the API. */
  path: string;
  /** Decimals of the income amount column (SPEC 9: token amounts 0, the Axie income column 2). */
  incomeDecimals: number;
  /** The form's schema: the server's rules for the body, an empty amount input read as none. */
  schema: ReturnType<typeof incomeFormSchema>;
};

export const PIXELS_INCOME: IncomeTokenConfig = {
  token: 'pixels',
  label: 'Pixels',
  path: '/income-pixels',
  incomeDecimals: 0,
  schema: incomeFormSchema('pixels'),
};

export const AXIE_INCOME: IncomeTokenConfig = {
  token: 'axs',
  label: 'AXS',
  path: '/income-axie',
  incomeDecimals: 2,
  schema: incomeFormSchema('axs'),
};
