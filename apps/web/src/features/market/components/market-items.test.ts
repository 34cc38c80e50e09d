import type { TMarketItem } from '@nexusplay/contract/market';
import { describe, expect, it } from 'vitest';
import { filterItems, formatMinutes, nextSort, parseMinProfit, sortItems } from './market-items';

function makeItem(name: string, overrides: Partial<TMarketItem> = {}): TMarketItem {
  return {
    category: 'Farming',
    level: 1,
    tier: 1,
    name,
    site: null,
    profit_per_energy: 0,
    sell_price: 10,
    experience: 0,
    energy: 10,
    time: 5,
    ...overrides,
  };
}

const ITEMS = [
  makeItem('Popberry', { level: 4, sell_price: 18.5, profit_per_energy: 0.42 }),
  makeItem('Grumpkin', { level: 12, sell_price: 'N/A', profit_per_energy: 0.88 }),
  makeItem('Scarrot', { level: 1, sell_price: 95, profit_per_energy: -0.1 }),
];
const names = (items: TMarketItem[]) => items.map((item) => item.name);

describe('market sorting', () => {
  it('sorts ascending on the first click and descending on the next', () => {
    const first = nextSort(null, 'level');
    expect(first).toEqual({ key: 'level', direction: 'ascending' });
    expect(names(sortItems(ITEMS, first))).toEqual(['Scarrot', 'Popberry', 'Grumpkin']);
    const second = nextSort(first, 'level');
    expect(second).toEqual({ key: 'level', direction: 'descending' });
    expect(names(sortItems(ITEMS, second))).toEqual(['Grumpkin', 'Popberry', 'Scarrot']);
  });

  it('starts ascending again when another column is chosen', () => {
    expect(nextSort({ key: 'level', direction: 'descending' }, 'sell_price')).toEqual({
      key: 'sell_price',
      direction: 'ascending',
    });
  });

  it('keeps items without a sell price last in either direction', () => {
    expect(names(sortItems(ITEMS, { key: 'sell_price', direction: 'ascending' }))).toEqual([
      'Popberry',
      'Scarrot',
      'Grumpkin',
    ]);
    expect(names(sortItems(ITEMS, { key: 'sell_price', direction: 'descending' }))).toEqual([
      'Scarrot',
      'Popberry',
      'Grumpkin',
    ]);
  });

  it('leaves the order alone until a column is chosen, without changing the input', () => {
    const sorted = sortItems(ITEMS, { key: 'profit_per_energy', direction: 'descending' });
    expect(names(sorted)).toEqual(['Grumpkin', 'Popberry', 'Scarrot']);
    expect(names(sortItems(ITEMS, null))).toEqual(['Popberry', 'Grumpkin', 'Scarrot']);
  });
});

describe('market filters', () => {
  it('reads the minimum profit as a number, 0 when it is not one', () => {
    expect(parseMinProfit('0.5')).toBe(0.5);
    expect(parseMinProfit('')).toBe(0);
    expect(parseMinProfit('abc')).toBe(0);
    expect(parseMinProfit('-1')).toBe(-1);
  });

  it('keeps items at or above the minimum profit whose name matches', () => {
    expect(names(filterItems(ITEMS, { search: '', minProfit: 0 }))).toEqual([
      'Popberry',
      'Grumpkin',
    ]);
    expect(names(filterItems(ITEMS, { search: '', minProfit: 0.42 }))).toEqual([
      'Popberry',
      'Grumpkin',
    ]);
    expect(names(filterItems(ITEMS, { search: 'GRUMP', minProfit: 0 }))).toEqual(['Grumpkin']);
    expect(names(filterItems(ITEMS, { search: '', minProfit: -1 }))).toHaveLength(3);
  });
});

describe('market time', () => {
  it('shows minutes with the suffix m and keeps N/A', () => {
    expect(formatMinutes(20)).toBe('20m');
    expect(formatMinutes('N/A')).toBe('N/A');
  });
});
