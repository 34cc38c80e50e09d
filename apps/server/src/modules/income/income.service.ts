import type { TIncomeToken } from '@nexusplay/contract/income';

const TOKEN_LABEL: Record<TIncomeToken, string> = { pixels: 'Pixels', axs: 'AXS' };

export type IncomeInput = { amount: number; expense: number; expense_type: 'usd' | TIncomeToken };

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The expense as the form sends it (SPEC 5): whole tokens, or dollars to the cent. */
export const roundExpense = (input: IncomeInput) =>
  input.expense_type === 'usd' ? round(input.expense, 2) : Math.round(input.expense);

/**
 * What a record derives from the token price when it is saved: the expense in both units
 * ("{n} Pixels ($x.xx)") and the net income in USD. The price is stored with the record, so a
 * later price does not rewrite its history.
 */
export function deriveIncome(token: TIncomeToken, input: IncomeInput, priceUsd: number) {
  const expense = roundExpense(input);
  const expenseUsd = input.expense_type === 'usd' ? expense : expense * priceUsd;
  const expenseTokens =
    input.expense_type === 'usd' ? (priceUsd > 0 ? expense / priceUsd : 0) : expense;
  return {
    expense,
    converted_expense: `${round(expenseTokens, 2)} ${TOKEN_LABEL[token]} ($${expenseUsd.toFixed(2)})`,
    net_income: round(input.amount * priceUsd - expenseUsd, 6),
  };
}
