import type { TMarketItem } from '@nexusplay/contract/market';

/** SPEC 2: the columns that can be sorted. */
export type SortKey = 'level' | 'profit_per_energy' | 'sell_price';
export type SortState = { key: SortKey; direction: 'ascending' | 'descending' } | null;

/** The first click on a column sorts it ascending; clicking it again reverses the order. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current?.key === key && current.direction === 'ascending') {
    return { key, direction: 'descending' };
  }
  return { key, direction: 'ascending' };
}

/** Items without a price ('N/A') stay at the end in either direction. */
export function sortItems(items: readonly TMarketItem[], sort: SortState): TMarketItem[] {
  if (sort === null) return [...items];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === 'N/A' || y === 'N/A') return (x === 'N/A' ? 1 : 0) - (y === 'N/A' ? 1 : 0);
    return (x - y) * sign;
  });
}

/** SPEC 5: the minimum profit per energy as typed; anything that is not a number counts as 0. */
export function parseMinProfit(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

export function filterItems(
  items: readonly TMarketItem[],
  { search, minProfit }: { search: string; minProfit: number },
): TMarketItem[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      item.profit_per_energy >= minProfit &&
      (needle === '' || item.name.toLowerCase().includes(needle)),
  );
}

/** SPEC 2: a time in minutes with the suffix m; an unknown time stays 'N/A'. */
export function formatMinutes(time: TMarketItem['time']): string {
  return time === 'N/A' ? 'N/A' : `${time}m`;
}
