import { ACTIVITY_DIRECTIONS, type TActivityDirection } from '@nexusplay/contract/activity';

/** The tokens the chain follower reads by default (the server's RONIN_TOKENS). */
export const ACTIVITY_TOKENS = ['PIXEL', 'AXS', 'SLP', 'WRON', 'WETH', 'USDC'] as const;
export type ActivityToken = (typeof ACTIVITY_TOKENS)[number];

/** Rows of a page: a screen's worth of a table, and a short scroll of cards on a phone. */
export const ACTIVITY_PAGE_SIZE = 25;

/** What the page shows, as the address bar holds it, so a link or a reload keeps it. */
export type ActivityFilter = {
  walletId: number | undefined;
  token: ActivityToken | undefined;
  direction: TActivityDirection | undefined;
  /** From 1. */
  page: number;
};

const isToken = (value: string): value is ActivityToken =>
  (ACTIVITY_TOKENS as readonly string[]).includes(value);
const isDirection = (value: string): value is TActivityDirection =>
  (ACTIVITY_DIRECTIONS as readonly string[]).includes(value);

/** A positive whole number in the address bar, else undefined (a hand-edited link is ignored). */
function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  return Number(value);
}

/** The filter in `?wallet_id=&token=&direction=&page=`; anything it cannot read is left out. */
export function filterFromSearch(params: URLSearchParams): ActivityFilter {
  const token = params.get('token')?.toUpperCase() ?? '';
  const direction = params.get('direction') ?? '';
  return {
    walletId: positiveInt(params.get('wallet_id')),
    token: isToken(token) ? token : undefined,
    direction: isDirection(direction) ? direction : undefined,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The filter as the address bar's query, with the first page and empty choices left out. */
export function searchFromFilter(filter: ActivityFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.walletId !== undefined) params.set('wallet_id', String(filter.walletId));
  if (filter.token !== undefined) params.set('token', filter.token);
  if (filter.direction !== undefined) params.set('direction', filter.direction);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export function isFiltered(filter: ActivityFilter): boolean {
  return (
    filter.walletId !== undefined || filter.token !== undefined || filter.direction !== undefined
  );
}

/** The API's query of one page (`withPage`) or of the CSV export (the filter alone). */
export function activityQueryString(filter: ActivityFilter, withPage: boolean): string {
  const params = searchFromFilter({ ...filter, page: 1 });
  if (withPage) {
    params.set('page', String(filter.page));
    params.set('limit', String(ACTIVITY_PAGE_SIZE));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
