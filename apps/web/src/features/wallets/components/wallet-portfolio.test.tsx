import type {
  TPortfolioHistory,
  TPortfolioResponse,
  TWalletPortfolio,
} from '@nexusplay/contract/portfolio';
import type { TWallet } from '@nexusplay/contract/wallets';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';

const wallet = (id: number, name: string): TWallet => ({
  id,
  wallet_name: name,
  wallet_address: `0x${String(id).padStart(40, '0')}`,
  category: null,
  user_id: 7,
  created_at: '2025-01-01T00:00:00.000Z',
});

const AS_OF = '2026-03-05T14:07:00.000Z';

const fresh: TWalletPortfolio = {
  wallet_id: 1,
  state: 'fresh',
  as_of: AS_OF,
  tokens: [
    { symbol: 'RON', amount: '3', value_usd: 1.5 },
    { symbol: 'PIXEL', amount: '1234.5', value_usd: 61.725 },
    { symbol: 'WRON', amount: '0', value_usd: 0 },
    { symbol: 'MYST', amount: '7.123456789', value_usd: null },
  ],
  total_usd: 63.225,
  unpriced: ['MYST'],
  holdings: [],
  received_nfts: [],
};

const PRICE_AS_OF = '2026-03-05T14:00:00.000Z';
const SOURCES: TPortfolioResponse['sources'] = {
  price: { name: 'CoinGecko', url: 'https://www.coingecko.com', asOf: PRICE_AS_OF, stale: false },
  rate: {
    name: 'ExchangeRate-API',
    url: 'https://www.exchangerate-api.com',
    asOf: '2026-03-05T00:02:00.000Z',
    stale: false,
  },
};

function portfolioOf(
  wallets: TWalletPortfolio[],
  more: Partial<TPortfolioResponse> = {},
): TPortfolioResponse {
  const withAmounts = wallets.filter((entry) => entry.state !== 'unavailable');
  const known = withAmounts.filter((entry) => entry.total_usd !== null);
  return {
    wallets,
    summary: {
      total_usd:
        wallets.length > 0 && known.length === 0
          ? null
          : known.reduce((sum, entry) => sum + entry.total_usd!, 0),
      tokens: withAmounts[0]?.tokens ?? [],
      as_of: withAmounts[0]?.as_of ?? null,
      unavailable: wallets.length - withAmounts.length,
      stale: wallets.filter((entry) => entry.state === 'stale').length,
      unpriced: [...new Set(withAmounts.flatMap((entry) => entry.unpriced))],
      holdings: [],
    },
    usd_idr: 16_000,
    sources: SOURCES,
    next_check: null,
    limited: false,
    ...more,
  };
}

function openWith(
  wallets: TWallet[],
  portfolio: () => TPortfolioResponse | undefined,
  history?: TPortfolioHistory,
) {
  const fetchMock = stubApi(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/wallets') return listReply(wallets);
    if (history && url.pathname === '/api/portfolio/history') return { status: 200, body: history };
    if (url.pathname === '/api/portfolio' || url.pathname === '/api/portfolio/refresh') {
      const body = portfolio();
      return body ? { status: 200, body } : { status: 500, body: { message: 'Down' } };
    }
    return undefined;
  });
  return { fetchMock, ...renderApp('/tools/wallet', { token: userToken() }) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const summary = () => screen.getByRole('region', { name: 'Portfolio value' });

describe('Wallet Tracker portfolio', () => {
  it('shows each wallet’s value, and its tokens when the row is opened, zero balances on request', async () => {
    const { user } = openWith([wallet(1, 'Main')], () => portfolioOf([fresh]));
    const valueButton = await screen.findByRole('button', { name: 'Tokens of Main' });
    expect(valueButton).toHaveTextContent('$63.23*');
    expect(within(summary()).getByText('$63.23')).toBeInTheDocument();
    expect(
      within(summary()).getByText('No price for MYST: not in the totals (marked *).'),
    ).toBeInTheDocument();

    expect(screen.queryByRole('table', { name: 'Tokens of Main' })).not.toBeInTheDocument();
    await user.click(valueButton);
    expect(valueButton).toHaveAttribute('aria-expanded', 'true');
    const tokens = screen.getByRole('table', { name: 'Tokens of Main' });
    expect(within(tokens).getByRole('row', { name: 'PIXEL 1,234.5 $61.73' })).toBeInTheDocument();
    expect(within(tokens).getByRole('row', { name: 'MYST 7.1235 no price' })).toBeInTheDocument();
    expect(within(tokens).queryByRole('row', { name: /WRON/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Show zero balances' }));
    expect(within(tokens).getByRole('row', { name: 'WRON 0 $0.00' })).toBeInTheDocument();
  });

  it('values in rupiah at the server’s rate, written the Indonesian way, with the IDR toggle', async () => {
    const { user } = openWith([wallet(1, 'Main')], () => portfolioOf([fresh]));
    await screen.findByRole('button', { name: 'Tokens of Main' });
    await user.click(within(summary()).getByRole('button', { name: 'IDR' }));
    expect(screen.getByRole('button', { name: 'Tokens of Main' })).toHaveTextContent(
      'Rp 1.011.600*',
    );
    await user.click(screen.getByRole('button', { name: 'Tokens of Main' }));
    const tokens = screen.getByRole('table', { name: 'Tokens of Main' });
    expect(
      within(tokens).getByRole('row', { name: /^PIXEL 1\.234,5 Rp\s987\.600$/ }),
    ).toBeInTheDocument();
  });

  it('says when balances are stale, and never shows a number for an unavailable wallet', async () => {
    const stale: TWalletPortfolio = { ...fresh, wallet_id: 1, state: 'stale' };
    const unavailable: TWalletPortfolio = {
      wallet_id: 2,
      state: 'unavailable',
      as_of: null,
      tokens: [],
      total_usd: null,
      unpriced: [],
      holdings: [],
      received_nfts: [],
    };
    const { user } = openWith([wallet(1, 'Old'), wallet(2, 'New')], () =>
      portfolioOf([stale, unavailable]),
    );
    await screen.findByRole('button', { name: 'Tokens of Old' });
    const staleNote = await within(summary()).findByText(
      /^As of .+, the Ronin node is not answering\.$/,
    );
    expect(staleNote).toHaveTextContent('As of Mar 5, 2026');
    expect(
      within(summary()).getByText(
        'Balances unavailable: the Ronin node is not answering. One wallet is not in the total.',
      ),
    ).toBeInTheDocument();
    const newRow = screen.getByRole('row', { name: /New/ });
    expect(within(newRow).getByText('Unavailable')).toBeInTheDocument();
    expect(within(newRow).queryByText(/\$0/)).not.toBeInTheDocument();
    expect(within(newRow).queryByRole('button', { name: 'Tokens of New' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tokens of Old' }));
    expect(screen.getAllByText(/the Ronin node is not answering\.$/).length).toBeGreaterThan(1);
  });

  it('holds the places while the portfolio loads, and says so when it cannot be loaded', async () => {
    const server: { answer?: TPortfolioResponse } = {};
    const { user } = openWith([wallet(1, 'Main')], () => server.answer);
    const region = await screen.findByRole('region', { name: 'Portfolio value' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(
      await within(region).findByText(
        'The portfolio could not be loaded. Try Refresh.',
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Main/ })).getByText('Unavailable'),
    ).toBeInTheDocument();
    server.answer = portfolioOf([fresh]);
    await user.click(within(region).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Tokens of Main' })).toHaveTextContent(
      '$63.23*',
    );
  });

  it('refreshes through the server on Refresh', async () => {
    let total = 63.225;
    const { user, fetchMock } = openWith([wallet(1, 'Main')], () =>
      portfolioOf([{ ...fresh, total_usd: total }]),
    );
    await screen.findByRole('button', { name: 'Tokens of Main' });
    total = 100;
    await user.click(within(summary()).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Tokens of Main' })).toHaveTextContent(
      '$100.00*',
    );
    expect(callsMade(fetchMock)).toContain('POST /api/portfolio/refresh');
  });

  it('says up to when a Refresh inside the balance window holds, instead of nothing', async () => {
    const nextCheck = new Date(Date.now() + 42_000).toISOString();
    const { user } = openWith([wallet(1, 'Main')], () =>
      portfolioOf([fresh], { next_check: nextCheck }),
    );
    await screen.findByRole('button', { name: 'Tokens of Main' });
    const status = within(summary()).getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(within(summary()).getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() =>
      expect(status).toHaveTextContent(
        /^Up to date as of Mar 5, 2026, .+, next check in (4[0-2]) s\.$/,
      ),
    );
  });

  it('says the node is not answering on a Refresh that found no fresh balances', async () => {
    const stale: TWalletPortfolio = { ...fresh, state: 'stale' };
    const nextCheck = new Date(Date.now() + 30_000).toISOString();
    const { user } = openWith([wallet(1, 'Main')], () =>
      portfolioOf([stale], { next_check: nextCheck }),
    );
    await screen.findByRole('button', { name: 'Tokens of Main' });
    await user.click(within(summary()).getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() =>
      expect(within(summary()).getByRole('status')).toHaveTextContent(
        /^The Ronin node is not answering, next check in (2[89]|30) s\.$/,
      ),
    );
  });

  it('credits the price and rate services beside the figures, and says when prices are stale', async () => {
    const { user } = openWith([wallet(1, 'Main')], () =>
      portfolioOf([fresh], {
        sources: {
          price: { ...SOURCES.price, stale: true },
          rate: { ...SOURCES.rate, stale: true },
        },
      }),
    );
    await screen.findByRole('button', { name: 'Tokens of Main' });
    const region = within(summary());
    expect(region.getByRole('link', { name: 'CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    );
    expect(region.getByRole('link', { name: 'ExchangeRate-API' })).toHaveAttribute(
      'href',
      'https://www.exchangerate-api.com',
    );
    expect(
      region.getByText(
        /^Prices as of Mar 5, 2026, .+: the price service is not answering, so the last prices received are shown\.$/,
      ),
    ).toBeInTheDocument();
    // The rate's age matters where rupiah are shown.
    expect(region.queryByText(/^USD→IDR rate as of/)).not.toBeInTheDocument();
    await user.click(region.getByRole('button', { name: 'IDR' }));
    expect(
      region.getByText(/^USD→IDR rate as of Mar 5, 2026, .+: the exchange-rate service/),
    ).toBeInTheDocument();
  });

  it('says nothing is wrong while figures past their TTL are only being checked again', async () => {
    const checking: TWalletPortfolio = { ...fresh, wallet_id: 1, state: 'checking' };
    const { user } = openWith([wallet(1, 'Main')], () =>
      portfolioOf([checking], {
        sources: {
          price: { ...SOURCES.price, stale: true, checking: true },
          rate: { ...SOURCES.rate, stale: true, checking: true },
        },
      }),
    );
    await screen.findByRole('button', { name: 'Tokens of Main' });
    await user.click(within(summary()).getByRole('button', { name: 'IDR' }));
    await user.click(screen.getByRole('button', { name: 'Tokens of Main' }));
    expect(screen.queryByText(/not answering/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tokens of Main' })).toHaveTextContent('Rp');
  });

  it('never shows $0.00 for balances read without a price: the total is unavailable, with why', async () => {
    const unpriced: TWalletPortfolio = {
      wallet_id: 1,
      state: 'fresh',
      as_of: AS_OF,
      tokens: [
        { symbol: 'RON', amount: '0', value_usd: null },
        { symbol: 'PIXEL', amount: '2000', value_usd: null },
      ],
      total_usd: null,
      unpriced: ['PIXEL'],
      holdings: [],
      received_nfts: [],
    };
    const { user } = openWith([wallet(1, 'Main')], () =>
      portfolioOf([unpriced], {
        sources: { ...SOURCES, price: { ...SOURCES.price, asOf: null, stale: true } },
      }),
    );
    const value = await screen.findByRole('button', { name: 'Tokens of Main' });
    expect(value).toHaveTextContent('—no price for PIXEL');
    expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();
    const region = within(summary());
    expect(region.getByText('Unavailable')).toBeInTheDocument();
    expect(
      region.getByText('No prices yet: the price service has not answered.'),
    ).toBeInTheDocument();
    await user.click(value);
    const tokens = screen.getByRole('table', { name: 'Tokens of Main' });
    expect(within(tokens).getByRole('row', { name: 'PIXEL 2,000 no price' })).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: 'IDR' }));
    expect(screen.queryByText(/Rp\s?0(?!\d)/)).not.toBeInTheDocument();
  });

  it('never shows $0.00 while no wallet could be read: the headline says the node is not answering', async () => {
    const unavailable: TWalletPortfolio = {
      wallet_id: 1,
      state: 'unavailable',
      as_of: null,
      tokens: [],
      total_usd: null,
      unpriced: [],
      holdings: [],
      received_nfts: [],
    };
    openWith([wallet(1, 'Main')], () => portfolioOf([unavailable]));
    const region = within(await screen.findByRole('region', { name: 'Portfolio value' }));
    expect(await region.findByText('Unavailable')).toBeInTheDocument();
    expect(
      region.getByText('No balance has been read yet: the Ronin node is not answering.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();
  });

  it('shows the history chart’s place, and says when no day has been taken yet', async () => {
    openWith([wallet(1, 'Main')], () => portfolioOf([fresh]));
    expect(
      await screen.findByText('The chart appears after the first daily snapshot of your wallets.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Portfolio value, last 30 days' }),
    ).toBeInTheDocument();
  });

  it('draws 30 days of totals, broken where a day has no snapshot rather than dropping to 0', async () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-03-${String(index + 1).padStart(2, '0')}`,
      total_usd: index === 10 ? null : 100 + index,
    }));
    // jsdom lays nothing out; the chart measures its box and needs one to draw into.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, 0, 800, 256),
    );
    openWith([wallet(1, 'Main')], () => portfolioOf([fresh]), { days, usd_idr: 16_000 });
    const line = await vi.waitFor(
      () => {
        const path = document.querySelector('.recharts-line-curve');
        if (!path) throw new Error('no line yet');
        return path;
      },
      { timeout: 10_000 },
    );
    // Two stretches of line (two move-to commands): the empty day is a gap.
    expect(line.getAttribute('d')?.match(/M/g)).toHaveLength(2);
    expect(
      screen.queryByText('The chart appears after the first daily snapshot of your wallets.'),
    ).not.toBeInTheDocument();
  }, 15_000);
});
