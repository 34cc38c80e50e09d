import type { TIncomeRecord } from '@nexusplay/contract/income';
import { describe, expect, it } from 'vitest';
import { PIXELS_INCOME } from '../api/income-token';
import { toIncomeCsv } from './income-csv';

const RECORD: TIncomeRecord = {
  id: 1,
  income: 1000,
  pixels: 1000,
  expense: 5,
  expense_type: 'usd',
  expense_description: '=HYPERLINK("http://evil.example")',
  converted_expense: '250 Pixels ($5.00)',
  date: '2025-03-15',
  net_income: -2.5,
  price_usd: 0.0025,
  usd_idr: 16000,
  usd_idr_date: '2025-03-14',
  created_at: '2025-03-15T08:00:00.000Z',
};

describe('income CSV', () => {
  it('writes a header and a row per record', () => {
    const [header, row] = toIncomeCsv(
      [{ ...RECORD, expense_description: 'Seeds' }],
      PIXELS_INCOME,
    ).split('\r\n');
    expect(header).toBe(
      'Date,Income (Pixels),Expense,Expense type,Expense description,Converted expense,Net income (USD),Price (USD),USD/IDR,USD/IDR of',
    );
    expect(row).toBe('2025-03-15,1000,5,usd,Seeds,250 Pixels ($5.00),-2.5,0.0025,16000,2025-03-14');
  });

  it('leaves the figures of a record whose price is pending empty, not 0', () => {
    const pending = {
      ...RECORD,
      expense_description: 'Seeds',
      converted_expense: '$5.00 in Pixels (price pending)',
      net_income: null,
      price_usd: null,
      usd_idr: null,
      usd_idr_date: null,
    };
    expect(toIncomeCsv([pending], PIXELS_INCOME).split('\r\n')[1]).toBe(
      '2025-03-15,1000,5,usd,Seeds,$5.00 in Pixels (price pending),,,,',
    );
  });

  it('neutralises text that a spreadsheet would run as a formula, and quotes it', () => {
    for (const start of ['=', '+', '-', '@']) {
      const csv = toIncomeCsv([{ ...RECORD, expense_description: `${start}1+1` }], PIXELS_INCOME);
      expect(csv.split('\r\n')[1]).toContain(`,'${start}1+1,`);
    }
    const csv = toIncomeCsv([RECORD], PIXELS_INCOME);
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
  });

  it('quotes text with commas or line breaks', () => {
    const csv = toIncomeCsv(
      [{ ...RECORD, expense_description: 'Seeds, land\nrent' }],
      PIXELS_INCOME,
    );
    expect(csv).toContain(',"Seeds, land\nrent",');
  });
});
