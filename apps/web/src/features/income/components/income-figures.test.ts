import { describe, expect, it } from 'vitest';
import { makeIncomeRecord } from '../../../test/fixtures';
import {
  expenseIn,
  filterRecords,
  incomeIn,
  monthlyNetIncome,
  netIncomeIn,
  pendingLabel,
  pendingReason,
  totalsOf,
} from './income-figures';

// 1000 Pixels at $0.02 with a $5 expense, and 500 at $0.01 with an expense of 100 Pixels.
const MARCH = makeIncomeRecord(1, {
  income: 1000,
  expense: 5,
  expense_type: 'usd',
  expense_description: 'Land rent',
  date: '2025-03-15',
  net_income: 15,
  price_usd: 0.02,
  usd_idr: 16000,
});
const APRIL = makeIncomeRecord(2, {
  income: 500,
  expense: 100,
  expense_type: 'pixels',
  expense_description: 'Seeds',
  date: '2025-04-02',
  net_income: 4,
  price_usd: 0.01,
  usd_idr: 15000,
});
const RECORDS = [APRIL, MARCH];

// Saved while the price service was down: no price for its day yet.
const PENDING = makeIncomeRecord(3, {
  income: 400,
  expense: 2,
  expense_type: 'usd',
  converted_expense: '$2.00 in Pixels (price pending)',
  date: '2025-04-05',
  net_income: null,
  price_usd: null,
  usd_idr: null,
  usd_idr_date: null,
});
// Valued, but no rate is known for any day yet.
const NO_RATE = makeIncomeRecord(4, {
  income: 100,
  date: '2025-04-06',
  net_income: 1,
  price_usd: 0.01,
  usd_idr: null,
  usd_idr_date: null,
});

describe('records still pending', () => {
  it('are left out of the totals, which count them instead of adding $0', () => {
    expect(totalsOf([...RECORDS, PENDING], 'usd')).toEqual({
      ...totalsOf(RECORDS, 'usd'),
      pending: 1,
    });
    // In rupiah a record without a rate is pending too; in dollars it counts.
    expect(totalsOf([NO_RATE], 'usd')).toMatchObject({ net: 1, pending: 0 });
    expect(totalsOf([NO_RATE], 'idr')).toMatchObject({ net: 0, pending: 1 });
  });

  it('have no figure but what is known: a dollar expense without the price', () => {
    expect(incomeIn(PENDING, 'usd')).toBeNull();
    expect(netIncomeIn(PENDING, 'usd')).toBeNull();
    expect(expenseIn(PENDING, 'usd')).toBe(2);
    expect(expenseIn(PENDING, 'idr')).toBeNull();
    expect(pendingLabel(PENDING)).toBe('Price pending');
    // Its dollar expense waits only for the rate, in rupiah.
    expect(pendingLabel(PENDING, false)).toBe('Rate pending');
    expect(pendingLabel(NO_RATE)).toBe('Rate pending');
  });

  it('are left out of the chart', () => {
    expect(monthlyNetIncome([PENDING], 'usd')).toEqual([]);
  });

  it('say in their tooltip why: beyond the free plan’s 365 days, or waiting for the day’s figure', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const old = { ...PENDING, date: '2025-11-26' };
    expect(pendingReason(old, true, now)).toBe(
      "No price for 2025-11-26: the price service's free plan gives past prices for the last 365 days only, so this record stays price pending.",
    );
    const recent = { ...PENDING, date: '2025-11-27' };
    expect(pendingReason(recent, true, now)).toBe(
      'Waiting for the price of 2025-11-27; the record is valued as soon as it is known.',
    );
    expect(pendingReason(NO_RATE, true, now)).toMatch(/^Waiting for the USD→IDR rate of /);
  });
});

describe('income totals', () => {
  it('adds up income, expense and net income in USD at each record’s price', () => {
    const totals = totalsOf(RECORDS, 'usd');
    expect(totals.income).toBeCloseTo(25);
    expect(totals.expense).toBeCloseTo(6);
    expect(totals.net).toBeCloseTo(19);
  });

  it('converts to IDR with the rate stored with each record', () => {
    const totals = totalsOf(RECORDS, 'idr');
    expect(totals.income).toBeCloseTo(20 * 16000 + 5 * 15000);
    expect(totals.expense).toBeCloseTo(5 * 16000 + 1 * 15000);
    expect(totals.net).toBeCloseTo(15 * 16000 + 4 * 15000);
  });

  it('is zero without records', () => {
    expect(totalsOf([], 'idr')).toEqual({ income: 0, expense: 0, net: 0, pending: 0 });
  });
});

describe('record filters', () => {
  it('keeps every month for All Months and one month of any year otherwise', () => {
    const lastYear = makeIncomeRecord(3, { date: '2024-03-01' });
    const all = [...RECORDS, lastYear];
    expect(filterRecords(all, { search: '', month: 'all' })).toHaveLength(3);
    expect(filterRecords(all, { search: '', month: 3 }).map((r) => r.id)).toEqual([1, 3]);
    expect(filterRecords(all, { search: '', month: 4 }).map((r) => r.id)).toEqual([2]);
    expect(filterRecords(all, { search: '', month: 12 })).toEqual([]);
  });

  it('searches the description case-insensitively and the date', () => {
    expect(filterRecords(RECORDS, { search: ' seeds', month: 'all' })).toEqual([APRIL]);
    expect(filterRecords(RECORDS, { search: '2025-03', month: 'all' })).toEqual([MARCH]);
    expect(filterRecords(RECORDS, { search: 'seeds', month: 3 })).toEqual([]);
  });
});

describe('monthly net income', () => {
  it('sums each calendar month, oldest first', () => {
    const extraApril = makeIncomeRecord(4, { date: '2025-04-20', net_income: -1, usd_idr: 15000 });
    expect(monthlyNetIncome([...RECORDS, extraApril], 'usd')).toEqual([
      { month: '2025-03', label: 'Mar 2025', net: 15 },
      { month: '2025-04', label: 'Apr 2025', net: 3 },
    ]);
  });
});
