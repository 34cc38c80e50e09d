import type { TIncomeRecord, TIncomeToken } from '@nexusplay/contract/income';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { incomeKeys } from './get-income';
import type { IncomeTokenConfig } from './income-token';

/** The form's values once its schema has read them: numbers, with the amount defaulting to 0. */
export type IncomeFormOutput = z.output<IncomeTokenConfig['schema']>;

/** SPEC 5: an expense in tokens is sent whole, one in dollars to the cent. */
export function roundExpense(expense: number, expenseType: 'usd' | TIncomeToken): number {
  const decimals = expenseType === 'usd' ? 2 : 0;
  // EPSILON keeps amounts such as 1.005, stored as 1.00499..., rounding the way they read.
  return Math.round((expense + Number.EPSILON) * 10 ** decimals) / 10 ** decimals;
}

/**
 * The body of a save. The amount goes as `income` and under the token's own name (SPEC 3); an
 * empty date is left out, so the record is dated today by the server's calendar.
 */
export function toIncomeBody(token: TIncomeToken, values: IncomeFormOutput) {
  return {
    income: values.amount,
    ...(token === 'pixels' ? { pixels: values.amount } : { axs: values.amount }),
    expense: roundExpense(values.expense, values.expense_type),
    expense_type: values.expense_type,
    expense_description: values.expense_description,
    ...(values.date ? { date: values.date } : {}),
  };
}

export type IncomeSubmission = {
  /** Absent when adding a record. */
  id: number | undefined;
  values: IncomeFormOutput;
};

export function useSaveIncomeMutation(config: IncomeTokenConfig) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: IncomeSubmission) =>
      apiRequest<{ data: TIncomeRecord }>(id === undefined ? config.path : `${config.path}/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: toIncomeBody(config.token, values),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incomeKeys.token(config.token) }),
  });
}

export function useDeleteIncomeMutation(config: IncomeTokenConfig) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<TMessageResponse>(`${config.path}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incomeKeys.token(config.token) }),
  });
}
