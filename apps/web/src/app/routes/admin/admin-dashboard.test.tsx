import type { TStatsResponse, TVisitsItem } from '@nexusplay/contract/stats';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsMade, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { adminToken } from '../../../test/tokens';

const STATS: TStatsResponse = {
  stats: {
    users: 1250,
    articles: 6,
    games: 12,
    visitorsToday: 31,
    visitorsThisWeek: 140,
    visitorsThisMonth: 512,
  },
  latest_blogs: [
    {
      id: 4,
      title: 'Guild wars guide',
      content: 'Everything a new guild needs to know before the first war starts, from roles...',
      author: 'Budi',
      created_at: '2025-03-05T08:00:00.000Z',
    },
  ],
};

function days(count: number, visits: (index: number) => number): TVisitsItem[] {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2024, 2, 1 + index)).toISOString().slice(0, 10);
    return { day, visits: visits(index), visitors: 0, month: day.slice(0, 7), newUsers: 0 };
  });
}

function stubDashboard(visits: TVisitsItem[]) {
  return stubApi(({ method, url }) => {
    if (method !== 'GET') return undefined;
    if (url.pathname === '/api/stats') return { status: 200, body: STATS };
    if (url.pathname === '/api/visits') return { status: 200, body: visits };
    return undefined;
  });
}

// The first test also waits for the admin area's code to compile.
describe('admin dashboard', { timeout: 15_000 }, () => {
  it('shows the six figures, the latest articles and the three charts', async () => {
    const fetchMock = stubDashboard(days(365, (index) => index % 5));
    renderApp('/admin/dashboard', { token: adminToken() });

    const users = await screen.findByText('Users', { selector: 'dt' }, { timeout: 5000 });
    const figures = users.closest('dl')!;
    await within(figures).findByText('1,250');
    expect(
      Object.fromEntries(
        within(figures)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.parentElement?.querySelector('dd')?.textContent]),
      ),
    ).toEqual({
      Users: '1,250',
      Articles: '6',
      Games: '12',
      'Visitors Today': '31',
      'Visitors This Week': '140',
      'Visitors This Month': '512',
    });

    const latest = within(screen.getByRole('region', { name: 'Latest Articles' }));
    expect(latest.getByRole('link', { name: 'Guild wars guide' })).toHaveAttribute(
      'href',
      '/blogs/4',
    );
    expect(latest.getByText(/Everything a new guild needs/)).toBeInTheDocument();
    expect(latest.getByText(/Budi/)).toHaveTextContent('Budi · March 5, 2025');

    for (const title of ['Website Visits', 'User Growth', 'User Distribution']) {
      expect(screen.getByRole('figure', { name: title })).toBeInTheDocument();
    }
    expect(callsMade(fetchMock)).toContain('GET /api/visits?days=365');
    expect(screen.queryByText(/No visits recorded/)).not.toBeInTheDocument();
  });

  it('says so under the charts when nothing has been recorded yet', async () => {
    stubDashboard(days(365, () => 0));
    renderApp('/admin/dashboard', { token: adminToken() });
    expect(
      await screen.findByText('No visits recorded in the last 30 days yet.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('No visits recorded in the last 7 days yet.')).toBeInTheDocument();
    expect(screen.getByText('No new users in this period yet.')).toBeInTheDocument();
  });
});
