import type { TMarketItem, TMarketResponse } from '@nexusplay/contract/market';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

function makeItem(category: string, name: string, overrides: Partial<TMarketItem> = {}) {
  return {
    category,
    level: 1,
    tier: 1,
    name,
    site: 'Terra Villa',
    profit_per_energy: 0.5,
    sell_price: 10,
    experience: 5,
    energy: 10,
    time: 5,
    ...overrides,
  } satisfies TMarketItem;
}

const MARKET: TMarketResponse = {
  data: {
    Farming: [
      makeItem('Farming', 'Popberry', { level: 4, profit_per_energy: 0.42, time: 1 }),
      makeItem('Farming', 'Grumpkin', { level: 12, profit_per_energy: 0.88, time: 60 }),
      makeItem('Farming', 'Scarrot', { level: 1, profit_per_energy: 0.35, time: 'N/A' }),
    ],
    Cooking: [makeItem('Cooking', 'Pancakes', { level: 20, profit_per_energy: -0.2 })],
  },
  asOf: '2025-03-15T08:00:00.000Z',
  stale: false,
  sample: false,
};

function stubMarket(reply: { status: number; body?: unknown }) {
  return stubApi(({ method, url }) =>
    method === 'GET' && url.pathname === '/api/market' ? reply : undefined,
  );
}

function namesIn(section: HTMLElement) {
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
}

async function openPage() {
  const rendered = renderApp('/tools/market');
  // The first visit compiles the page's code, which takes longer than a page normally does.
  await screen.findByRole('heading', { name: /Farming/ }, { timeout: 5000 });
  return rendered;
}

describe('Market Pixels', { timeout: 15_000 }, () => {
  it('says it is loading, then shows the items by category with times in minutes', async () => {
    stubMarket({ status: 200, body: MARKET });
    renderApp('/tools/market');
    expect(await screen.findByText('Loading item data...', {}, { timeout: 5000 })).toBeVisible();

    const farming = (await screen.findByRole('heading', { name: /Farming/ })).closest('section')!;
    expect(namesIn(farming)).toEqual(['Popberry', 'Grumpkin', 'Scarrot']);
    const grumpkin = within(within(farming).getByRole('cell', { name: 'Grumpkin' }).closest('tr')!);
    expect(grumpkin.getByRole('cell', { name: '60m' })).toBeInTheDocument();
    const scarrot = within(within(farming).getByRole('cell', { name: 'Scarrot' }).closest('tr')!);
    expect(scarrot.getAllByRole('cell', { name: 'N/A' })).toHaveLength(1);
    expect(screen.getByText(/^As of /)).toBeInTheDocument();
    expect(screen.queryByText('Loading item data...')).not.toBeInTheDocument();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('sorts a column ascending on the first click and descending on the next', async () => {
    stubMarket({ status: 200, body: MARKET });
    const { user } = await openPage();
    const farming = screen.getByRole('heading', { name: /Farming/ }).closest('section')!;
    const level = within(farming).getByRole('columnheader', { name: 'Level' });
    expect(level).not.toHaveAttribute('aria-sort');

    await user.click(within(level).getByRole('button', { name: 'Level' }));
    expect(level).toHaveAttribute('aria-sort', 'ascending');
    expect(namesIn(farming)).toEqual(['Scarrot', 'Popberry', 'Grumpkin']);

    await user.click(within(level).getByRole('button', { name: 'Level' }));
    expect(level).toHaveAttribute('aria-sort', 'descending');
    expect(namesIn(farming)).toEqual(['Grumpkin', 'Popberry', 'Scarrot']);

    const profit = within(farming).getByRole('columnheader', { name: 'Profit per Energy' });
    await user.click(within(profit).getByRole('button'));
    expect(profit).toHaveAttribute('aria-sort', 'ascending');
    expect(level).not.toHaveAttribute('aria-sort');
    expect(namesIn(farming)).toEqual(['Scarrot', 'Popberry', 'Grumpkin']);
  });

  it('filters by name and by a minimum profit per energy, 0 by default', async () => {
    stubMarket({ status: 200, body: MARKET });
    const { user } = await openPage();
    const minProfit = screen.getByRole('spinbutton', { name: 'Minimum profit per energy' });
    expect(minProfit).toHaveValue(0);
    // Pancakes loses energy, so the default minimum of 0 leaves Cooking out.
    expect(screen.queryByRole('heading', { name: /Cooking/ })).not.toBeInTheDocument();

    await user.clear(minProfit);
    await user.type(minProfit, '0.4');
    const farming = screen.getByRole('heading', { name: /Farming/ }).closest('section')!;
    expect(namesIn(farming)).toEqual(['Popberry', 'Grumpkin']);

    await user.type(screen.getByRole('searchbox', { name: 'Search items by name' }), 'pop');
    expect(namesIn(farming)).toEqual(['Popberry']);

    await user.clear(minProfit);
    await user.type(minProfit, '-1');
    await user.clear(screen.getByRole('searchbox', { name: 'Search items by name' }));
    expect(screen.getByRole('heading', { name: /Cooking/ })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search items by name' }), 'zzz');
    expect(screen.getByText('No items match your search and minimum profit.')).toBeInTheDocument();
  });

  it('labels sample data and says how a real source is connected', async () => {
    stubMarket({ status: 200, body: { ...MARKET, sample: true, stale: true } });
    await openPage();
    expect(screen.getByText('Sample data')).toBeInTheDocument();
    expect(screen.getByText(/not live market prices/)).toHaveTextContent(
      'An operator connects a real market source with the MARKET_API_URL setting.',
    );
    expect(screen.getByText('Stale')).toBeInTheDocument();
  });

  it('says the last items are shown while they are asked for again, not that the service fails', async () => {
    stubMarket({ status: 200, body: { ...MARKET, stale: true, checking: true } });
    await openPage();
    expect(
      screen.getByText(
        'Updating: the last item data received is shown while it is asked for again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/market service is not answering/)).toBeNull();
  });

  it('says when the item data cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubMarket({ status: 503, body: { message: 'Failed to load item data.' } });
    renderApp('/tools/market');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to load item data.',
    );
    expect(screen.queryByText('Loading item data...')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Could not load', ['market'], expect.anything());
  });
});
