import type { TBlog } from '@nexusplay/contract/blogs';
import type { TGame } from '@nexusplay/contract/games';
import type { TIncomeRecord } from '@nexusplay/contract/income';
import type { TTool } from '@nexusplay/contract/tools';

export function makeGame(id: number, overrides: Partial<TGame> = {}): TGame {
  return {
    id,
    name: `Game ${id}`,
    image: null,
    description: `The description of game ${id}.`,
    link: `https://game${id}.example.com`,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An income record with nothing earned or spent; `overrides` says what a test is about. */
export function makeIncomeRecord(
  id: number,
  overrides: Partial<TIncomeRecord> = {},
): TIncomeRecord {
  return {
    id,
    income: 0,
    pixels: 0,
    expense: 0,
    expense_type: 'usd',
    expense_description: '',
    converted_expense: '0 Pixels ($0.00)',
    date: '2025-01-01',
    net_income: 0,
    price_usd: 0,
    usd_idr: 15000,
    usd_idr_date: '2025-01-01',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeBlog(id: number, overrides: Partial<TBlog> = {}): TBlog {
  return {
    id,
    title: `Post ${id}`,
    description: `<p>Summary of post ${id}.</p>`,
    description_derived: false,
    content: `<p>Body of post ${id}.</p>`,
    image: null,
    author: 'Ayu',
    date: '2025-03-05',
    created_at: '2025-03-05T08:00:00.000Z',
    ...overrides,
  };
}

/** The five tools the server is seeded with. */
export const SEEDED_TOOLS: TTool[] = [
  ['Income Axie', 'coins', '/tools/incomeaxie', 'Catat pendapatan AXS harianmu.'],
  ['Income Pixels', 'trending-up', '/tools/incomepixels', 'Pantau pendapatan Pixels harianmu.'],
  ['Link Manager', 'link', '/tools/link', 'Simpan tautan penting untuk game favoritmu.'],
  ['Wallet Tracker', 'wallet', '/tools/wallet', 'Kelola daftar wallet kripto milikmu.'],
  ['Market Pixels', 'store', '/tools/market', 'Jelajahi item di market Pixels.'],
].map(([name, icon, link, description], index) => ({
  id: index + 1,
  name: name!,
  icon: icon!,
  link: link!,
  description: description!,
  created_at: '2025-01-01T00:00:00.000Z',
}));
