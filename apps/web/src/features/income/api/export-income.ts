import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file';
import type { IncomeTokenConfig } from './income-token';

/** Every record of the tracker as a CSV file, written by the server like the other exports. */
export function exportIncome(config: IncomeTokenConfig) {
  return downloadApiFile(`${config.path}/export`, `income-${config.token}.csv`);
}

export function useExportIncomeMutation(config: IncomeTokenConfig) {
  return useMutation({ mutationFn: () => exportIncome(config) });
}
