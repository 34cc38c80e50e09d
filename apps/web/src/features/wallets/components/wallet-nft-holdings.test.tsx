import type { TPortfolioResponse, TWalletPortfolio } from '@nexusplay/contract/portfolio';
import type { TWallet } from '@nexusplay/contract/wallets';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listReply, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';

const AXIE = '0x32950db2a7164ae833121501c797d79e7b79d74c';
const FARMLAND = '0xf083289535052e8449d69e6dc41c0ae064d8e3f6';
const AS_OF = '2026-03-05T14:07:00.000Z';

const wallet = (id: number, name: string): TWallet => ({
  id,
  wallet_name: name,
  wallet_address: `0x${String(id).padStart(40, '0')}`,
  category: null,
  user_id: 7,
  created_at: '2025-01-01T00:00:00.000Z',
});

const axieUrl = (owner: string) => `https://app.axieinfinity.com/profile/${owner}/axies/`;
const farmUrl = (owner: string) => `https://marketplace.roninchain.com/account/${owner}`;

function valued(id: number, axies: number, plots: number): TWalletPortfolio {
  const owner = wallet(id, '').wallet_address;
  return {
    wallet_id: id,
    state: 'fresh',
    as_of: AS_OF,
    tokens: [{ symbol: 'RON', amount: '2', value_usd: 1 }],
    total_usd: 1,
    unpriced: [],
    holdings: [
      { collection: AXIE, name: 'AXIE', count: axies, marketplace_url: axieUrl(owner) },
      { collection: FARMLAND, name: 'FARMLAND', count: plots, marketplace_url: farmUrl(owner) },
    ],
    received_nfts: [],
  };
}

const unavailable = (id: number): TWalletPortfolio => ({
  wallet_id: id,
  state: 'unavailable',
  as_of: null,
  tokens: [],
  total_usd: null,
  unpriced: [],
  holdings: [],
  received_nfts: [],
});

function portfolioOf(
  wallets: TWalletPortfolio[],
  holdings: TPortfolioResponse['summary']['holdings'],
): TPortfolioResponse {
  const read = wallets.filter((entry) => entry.state !== 'unavailable');
  return {
    wallets,
    summary: {
      total_usd: read.length,
      tokens: [{ symbol: 'RON', amount: String(2 * read.length), value_usd: read.length }],
      holdings,
      as_of: AS_OF,
      unavailable: wallets.length - read.length,
      stale: 0,
      unpriced: [],
    },
    usd_idr: 16_000,
    sources: {
      price: { name: 'CoinGecko', url: 'https://www.coingecko.com', asOf: AS_OF, stale: false },
      rate: {
        name: 'ExchangeRate-API',
        url: 'https://www.exchangerate-api.com',
        asOf: AS_OF,
        stale: false,
      },
    },
    next_check: null,
    limited: false,
  };
}

function openWith(wallets: TWallet[], portfolio: TPortfolioResponse) {
  stubApi(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/wallets') return listReply(wallets);
    if (url.pathname === '/api/portfolio') return { status: 200, body: portfolio };
    return undefined;
  });
  return renderApp('/tools/wallet', { token: userToken() });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const summary = () => screen.getByRole('region', { name: 'Portfolio value' });

describe('NFT holdings on the Wallet Tracker', () => {
  it('counts Axies and Pixels Farmland plots per wallet and over all, counted and not valued', async () => {
    openWith(
      [wallet(1, 'Main'), wallet(2, 'Farm')],
      portfolioOf(
        [valued(1, 3, 1), valued(2, 1, 0)],
        [
          { collection: AXIE, name: 'AXIE', count: 4, marketplace_url: null },
          { collection: FARMLAND, name: 'FARMLAND', count: 1, marketplace_url: null },
        ],
      ),
    );
    const main = await screen.findByRole('list', { name: 'NFTs of Main' });
    const axies = within(main).getByRole('link', {
      name: '3 Axies of Main on the marketplace (opens in a new tab)',
    });
    expect(axies).toHaveAttribute('href', axieUrl(wallet(1, '').wallet_address));
    expect(axies).toHaveAttribute('target', '_blank');
    expect(axies).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(axies).toHaveTextContent(/^3 Axies$/);
    const plot = within(main).getByRole('link', { name: /^1 Pixels Farmland plot of Main/ });
    expect(plot).toHaveAttribute('href', farmUrl(wallet(1, '').wallet_address));

    const farm = screen.getByRole('list', { name: 'NFTs of Farm' });
    expect(within(farm).getByRole('link', { name: /^1 Axie of Farm/ })).toHaveTextContent(
      /^1 Axie$/,
    );
    expect(
      within(farm).getByRole('link', { name: /^0 Pixels Farmland plots of Farm/ }),
    ).toBeInTheDocument();
    // The value stays the tokens' alone.
    expect(screen.getByRole('button', { name: 'Tokens of Main' })).toHaveTextContent('$1.00');

    const totals = within(summary()).getByRole('list', { name: 'NFTs over all wallets' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4 Axies', '1 Pixels Farmland plot']);
    expect(within(totals).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(summary()).getByText(
        'NFTs are counted, not valued: values and totals are tokens only.',
      ),
    ).toBeInTheDocument();
    // The headline total is the tokens' sum alone.
    expect(within(summary()).getAllByText('$2.00')[0]).toHaveClass('text-3xl');
  });

  it('shows no count, not 0, for a wallet whose holdings could not be read', async () => {
    openWith(
      [wallet(1, 'Main'), wallet(2, 'Lost')],
      portfolioOf(
        [valued(1, 2, 0), unavailable(2)],
        [
          { collection: AXIE, name: 'AXIE', count: 2, marketplace_url: null },
          { collection: FARMLAND, name: 'FARMLAND', count: 0, marketplace_url: null },
        ],
      ),
    );
    await screen.findByRole('list', { name: 'NFTs of Main' });
    expect(screen.queryByRole('list', { name: 'NFTs of Lost' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /of Lost on the marketplace/ })).toBeNull();
  });

  it('shows nothing about NFTs when none was counted', async () => {
    openWith([wallet(1, 'Lost')], portfolioOf([unavailable(1)], []));
    await screen.findByText('Unavailable', { selector: 'span' });
    expect(screen.queryByText(/NFTs/)).not.toBeInTheDocument();
  });

  it('lists under a count the ids the wallet received since it was tracked, said to be a partial list', async () => {
    const main = valued(1, 2, 0);
    main.received_nfts = [
      { collection: AXIE, name: 'AXIE', token_ids: ['345', '12'], more: 3 },
      { collection: FARMLAND, name: 'FARMLAND', token_ids: [], more: 0 },
    ];
    openWith([wallet(1, 'Main')], portfolioOf([main], []));
    const list = await screen.findByRole('list', { name: 'NFTs of Main' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(
      'Axies: Received since tracked: #345, #12 and 3 more (partial list)',
    );
    expect(lines[1]).not.toHaveTextContent('Received');
  });
});
