import type { TIncomeRecord, TIncomeToken } from '@nexusplay/contract/income';
import type { CsvColumn } from '../../lib/csv.js';
import { TOKEN_LABEL } from './income.service.js';

/**
 * The columns of a tracker's CSV file. Figures are numbers (a loss stays a negative number a
 * spreadsheet adds up); one still pending is an empty cell, not 0.
 */
export const incomeCsvColumns = (token: TIncomeToken): CsvColumn<TIncomeRecord>[] => [
  { header: 'Date', cell: (record) => record.date },
  { header: `Income (${TOKEN_LABEL[token]})`, cell: (record) => record.income },
  { header: 'Expense', cell: (record) => record.expense },
  { header: 'Expense type', cell: (record) => record.expense_type },
  { header: 'Expense description', cell: (record) => record.expense_description },
  { header: 'Converted expense', cell: (record) => record.converted_expense },
  { header: 'Net income (USD)', cell: (record) => record.net_income },
  { header: 'Price (USD)', cell: (record) => record.price_usd },
  { header: 'USD/IDR', cell: (record) => record.usd_idr },
  { header: 'USD/IDR of', cell: (record) => record.usd_idr_date },
];
