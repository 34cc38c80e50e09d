import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listReply, stubApi } from '../test/fetch-stub';
import { makeBlog, makeGame, SEEDED_TOOLS } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { adminToken, userToken } from '../test/tokens';

/*
 * Every card and row draws, with the spec's stand-ins, whatever the API leaves out: a field that
 * is null, one that is missing, and one that is empty text. SPEC 2 names 'Untitled Blog',
 * 'Unknown Date' and the picture placeholders; README ("Missing values") the rest.
 */

type Variant = 'null' | 'missing' | 'empty';
const VARIANTS: Variant[] = ['null', 'missing', 'empty'];

/** The record with `fields` made null, left out, or empty text. */
function emptied(record: object, fields: readonly string[], variant: Variant) {
  const copy: Record<string, unknown> = { ...record };
  for (const field of fields) {
    if (variant === 'missing') delete copy[field];
    else copy[field] = variant === 'null' ? null : '';
  }
  return copy;
}

const BLOG_FIELDS = ['title', 'description', 'content', 'image', 'author', 'date', 'created_at'];
const GAME_FIELDS = ['name', 'description', 'image', 'link'];
const TOOL_FIELDS = ['name', 'icon', 'description', 'link'];
const NOTIFICATION_FIELDS = ['title', 'message', 'created_at'];

/** Answers GET `path` with `body` (a list unless told), and the layout's own calls empty. */
function serve(routes: Record<string, unknown>) {
  return stubApi(({ method, url }) => {
    if (method !== 'GET' || !(url.pathname in routes)) return undefined;
    const body = routes[url.pathname];
    return Array.isArray(body) ? listReply(body) : { status: 200, body };
  });
}

// jsdom lays nothing out; the charts measure their box and need one to draw into.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 800, 256),
  );
});

describe.each(VARIANTS)('a %s value', { timeout: 15_000 }, (variant) => {
  it('on the home page: game and blog cards', async () => {
    serve({
      '/api/games': [emptied(makeGame(1), GAME_FIELDS, variant)],
      '/api/blogs': [emptied(makeBlog(2), BLOG_FIELDS, variant)],
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Untitled Game' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Untitled Blog' })).toHaveAttribute('href', '/blogs/2');
    expect(screen.getByText('Unknown Date')).toBeInTheDocument();
  });

  it('on a blog post: the article and the sidebar', async () => {
    serve({
      '/api/blogs/1': emptied(makeBlog(1), BLOG_FIELDS, variant),
      '/api/blogs': [emptied(makeBlog(2), BLOG_FIELDS, variant)],
    });
    renderApp('/blogs/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled Blog' })).toBeVisible();
    const sidebar = within(screen.getByRole('complementary', { name: 'Recent Posts' }));
    expect(await sidebar.findByRole('link', { name: 'Untitled Blog' })).toBeInTheDocument();
    expect(screen.getAllByText('Unknown Date')).toHaveLength(2);
  });

  it('on the tools dashboard: tool cards', async () => {
    serve({ '/api/tools': [emptied(SEEDED_TOOLS[0]!, TOOL_FIELDS, variant)] });
    renderApp('/tools');
    expect(await screen.findByRole('heading', { name: 'Untitled Tool' })).toBeInTheDocument();
  });

  it('on the dashboard: the notifications', async () => {
    const notification = {
      id: 4,
      kind: 'personal',
      title: 'Hi',
      message: 'Text',
      read: false,
      created_at: '',
    };
    serve({
      '/api/notifications': [emptied(notification, NOTIFICATION_FIELDS, variant)],
    });
    stubMarkRead();
    renderApp('/dashboard', { token: userToken() });
    expect(await screen.findByRole('heading', { name: 'Tanpa judul' })).toBeInTheDocument();
    expect(screen.queryByText(/1970/)).not.toBeInTheDocument();
  });

  it('in the admin notifications list', async () => {
    const notification = { id: 4, title: 'Hi', message: 'Text', read: false, created_at: '' };
    serve({
      '/api/admin-notifications': [emptied(notification, NOTIFICATION_FIELDS, variant)],
    });
    renderApp('/admin/notifications', { token: adminToken() });
    expect(
      await screen.findByRole('button', { name: 'Ubah Tanpa judul' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('in the wallet table', async () => {
    const wallet = { id: 5, wallet_name: 'W', wallet_address: 'x', category: 'c', user_id: 7 };
    serve({
      '/api/wallets': [emptied(wallet, ['wallet_name', 'wallet_address', 'category'], variant)],
    });
    renderApp('/tools/wallet', { token: userToken() });
    const row = within(
      (await screen.findByText('Unnamed wallet', undefined, { timeout: 5000 })).closest('tr')!,
    );
    const [, address, category] = row.getAllByRole('cell');
    expect(address).toHaveTextContent('No address');
    expect(category).toHaveTextContent('No category');
    expect(row.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
  });

  it('in the link table', async () => {
    const link = { id: 6, title: 'L', url: 'https://x.example', category: 'c', user_id: 7 };
    serve({ '/api/links': [emptied(link, ['title', 'url', 'category'], variant)] });
    renderApp('/tools/link', { token: userToken() });
    const row = within(
      (await screen.findByText('Untitled link', undefined, { timeout: 5000 })).closest('tr')!,
    );
    expect(row.getByRole('cell', { name: 'No category' })).toBeInTheDocument();
    expect(row.queryByRole('link')).not.toBeInTheDocument();
  });

  it('in the income table and its totals', async () => {
    const record = { id: 8, income: 5, expense: 1, date: '2025-01-01', net_income: 4 };
    const fields = [
      'income',
      'pixels',
      'expense',
      'expense_type',
      'expense_description',
      'converted_expense',
      'date',
      'net_income',
      'price_usd',
      'usd_idr',
      'created_at',
    ];
    serve({
      '/api/income-pixels': { data: [emptied(record, fields, variant)] },
      '/api/prices': {
        pixels: { usd: 0, idr: 0 },
        axs: { usd: 0, idr: 0 },
        usdIdr: 15000,
        sources: {
          price: { name: 'CoinGecko', url: null, asOf: null, stale: true },
          rate: { name: 'ExchangeRate-API', url: null, asOf: null, stale: true },
        },
      },
    });
    renderApp('/tools/incomepixels', { token: userToken() });
    const row = within(
      (await screen.findByText('Unknown Date', undefined, { timeout: 5000 })).closest('tr')!,
    );
    // Without its price the record is pending, never valued at $0, and the totals say so.
    expect(row.getAllByText('Price pending').length).toBeGreaterThan(0);
    expect(row.getByRole('cell', { name: '0' })).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getAllByText('$0.00')).toHaveLength(3);
    expect(totals.getByText(/^Not counted: 1 record/)).toBeInTheDocument();
  });

  it('in the admin games, blogs and tools tables', async () => {
    serve({
      '/api/games': [emptied(makeGame(1), GAME_FIELDS, variant)],
      '/api/blogs': [emptied(makeBlog(2), BLOG_FIELDS, variant)],
      '/api/tools': [emptied(SEEDED_TOOLS[0]!, TOOL_FIELDS, variant)],
    });
    const { router } = renderApp('/admin/games', { token: adminToken() });
    expect(
      await screen.findByRole('cell', { name: 'Untitled Game' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await router.navigate('/admin/blogs');
    const blogRow = within(
      (await screen.findByRole('cell', { name: 'Untitled Blog' })).closest('tr')!,
    );
    expect(blogRow.getByRole('cell', { name: 'Unknown Date' })).toBeInTheDocument();
    expect(blogRow.getByRole('cell', { name: '—' })).toBeInTheDocument();
    await router.navigate('/admin/tools');
    expect(await screen.findByRole('cell', { name: 'Untitled Tool' })).toBeInTheDocument();
  });

  it('in the latest articles of the admin dashboard', async () => {
    const latest = { id: 9, title: 'T', content: 'C', author: 'A', created_at: '2025-01-01' };
    serve({
      '/api/stats': {
        stats: {
          users: 1,
          articles: 1,
          games: 0,
          visitorsToday: 0,
          visitorsThisWeek: 0,
          visitorsThisMonth: 0,
        },
        latest_blogs: [emptied(latest, ['title', 'content', 'author', 'created_at'], variant)],
      },
      '/api/visits': [],
    });
    renderApp('/admin/dashboard', { token: adminToken() });
    const articles = within(
      await screen.findByRole('region', { name: 'Latest Articles' }, { timeout: 5000 }),
    );
    expect(await articles.findByRole('link', { name: 'Untitled Blog' })).toHaveAttribute(
      'href',
      '/blogs/9',
    );
  });
});

/** The dashboard marks what it shows as read; that answer is not what these tests are about. */
function stubMarkRead() {
  const serveList = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) =>
    init?.method === 'POST' && String(input).endsWith('/api/notifications/read')
      ? new Response(null, { status: 204 })
      : serveList(input, init),
  );
}
