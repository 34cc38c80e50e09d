import { describe, expect, it } from 'vitest';
import { AXIE_INCOME, PIXELS_INCOME } from './income-token';
import { roundExpense, toIncomeBody } from './manage-income';

describe('expense rounding', () => {
  it('keeps dollars to the cent and tokens whole', () => {
    expect(roundExpense(12.345, 'usd')).toBe(12.35);
    expect(roundExpense(1.005, 'usd')).toBe(1.01);
    expect(roundExpense(12.6, 'pixels')).toBe(13);
    expect(roundExpense(2.4, 'axs')).toBe(2);
  });
});

describe('income form body', () => {
  it('defaults an empty amount to 0 and leaves an empty date to the server', () => {
    const values = PIXELS_INCOME.schema.parse({
      income: '',
      expense: '',
      expense_type: 'usd',
      expense_description: '',
      date: '',
    });
    expect(toIncomeBody('pixels', values)).toEqual({
      income: 0,
      pixels: 0,
      expense: 0,
      expense_type: 'usd',
      expense_description: '',
    });
  });

  it('sends the amount under the token’s name and the rounded expense', () => {
    const values = AXIE_INCOME.schema.parse({
      income: '12.5',
      expense: '3.7',
      expense_type: 'axs',
      expense_description: 'Breeding',
      date: '2025-03-15',
    });
    expect(toIncomeBody('axs', values)).toEqual({
      income: 12.5,
      axs: 12.5,
      expense: 4,
      expense_type: 'axs',
      expense_description: 'Breeding',
      date: '2025-03-15',
    });
  });
});
