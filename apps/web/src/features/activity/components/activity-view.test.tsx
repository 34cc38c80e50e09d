import type { TActivityItem, TActivityPage } from '@nexusplay/contract/activity';
import type { TWallet } from '@nexusplay/contract/wallets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsMade, listReply, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';
import { formatExactAmount } from './activity-display';

const STRANGER = '0x1234567890abcdef1234567890abcdef1234abcd';
const HASH = `0x${'ab'.repeat(32)}`;

function makeWallet(id: number, name: string): TWallet {
  return {
    id,
    wallet_name: name,
    wallet_address: `0x${String(id).padStart(40, '0')}`,
    category: null,
    user_id: 7,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

function makeItem(overrides: Partial<TActivityItem> = {}): TActivityItem {
  return {
    wallet: { id: 1, name: 'Farm wallet' },
    token: 'PIXEL',
    direction: 'in',
    amount: '1234567.000000000000000001',
    counterparty: { address: STRANGER },
    tx_hash: HASH,
    log_index: 0,
    block_number: 100,
    time: '2026-11-20T10:00:00.000Z',
    value_usd: 12.5,
    value_idr: 200_000,
    price_pending: false,
    ...overrides,
  };
}

const WALLETS = [makeWallet(1, 'Farm wallet'), makeWallet(2, 'Vault')];

/** An activity server: the wallets list, and the given page for any activity query. */
function stubActivity(
  page: TActivityPage | ((call: ApiCall) => TActivityPage),
  total?: number,
  status = 200,
) {
  return stubApi((call) => {
    if (call.url.pathname === '/api/wallets') return listReply(WALLETS);
    if (call.url.pathname === '/api/activity') {
      if (status !== 200) return { status, body: { message: 'Broken.' } };
      const body = typeof page === 'function' ? page(call) : page;
      return {
        status: 200,
        body,
        headers: { 'X-Total-Count': String(total ?? body.data.length) },
      };
    }
    return undefined;
  });
}

const activityCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  callsMade(fetchMock).filter((call) => call.startsWith('GET /api/activity'));

const AS_OF = { block: 12_345, time: '2026-11-27T12:00:00.000Z' };

function openPage(search = '') {
  return renderApp(`/activity${search}`, { token: userToken() });
}

describe('Activity page', () => {
  it('shows each transfer with its exact amount, other side, values and explorer link', async () => {
    stubActivity({
      data: [
        makeItem(),
        makeItem({
          direction: 'out',
          token: 'SLP',
          amount: '42',
          counterparty: { wallet_id: 2, wallet_name: 'Vault' },
          tx_hash: `0x${'cd'.repeat(32)}`,
        }),
      ],
      as_of: AS_OF,
    });
    openPage();
    const table = await screen.findByRole('table', { name: 'Your token transfers' });
    await within(table).findByText('Vault');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    // Never through a float: the last of 25 digits is kept.
    expect(first.getByText('+1,234,567.000000000000000001')).toBeInTheDocument();
    expect(first.getByText('In')).toBeInTheDocument();
    expect(first.getByText('$12.50')).toBeInTheDocument();
    expect(first.getByText('Rp 200.000')).toBeInTheDocument();
    // A stranger is a short address, the whole one for screen readers and in the tooltip.
    expect(first.getByText('0x1234…abcd')).toBeInTheDocument();
    expect(first.getByText(STRANGER)).toHaveClass('sr-only');
    expect(first.getByTitle(STRANGER)).toBeInTheDocument();
    const link = first.getByRole('link', { name: /Transaction 0xabab.* on the Ronin explorer/ });
    expect(link).toHaveAttribute('href', `https://app.roninchain.com/tx/${HASH}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const second = within(rows[2]!);
    // One of the user's own wallets is named, not addressed.
    expect(second.getByText('Vault')).toBeInTheDocument();
    expect(second.getByText('Out')).toBeInTheDocument();
    expect(second.getByText('−42')).toBeInTheDocument();

    expect(screen.getByText('As of block 12,345', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/Native RON transfers carry no log/)).toBeInTheDocument();
  });

  it('says "Price pending" where the day has no price yet, never $0', async () => {
    stubActivity({
      data: [makeItem({ value_usd: null, value_idr: null, price_pending: true })],
      as_of: AS_OF,
    });
    openPage();
    const table = await screen.findByRole('table', { name: 'Your token transfers' });
    await waitFor(() => expect(within(table).getAllByText('Price pending')).toHaveLength(2));
    expect(within(table).queryByText('$0.00')).not.toBeInTheDocument();
  });

  it('reads its filter from the address and sends it, and a change goes to the address and the API', async () => {
    const fetchMock = stubActivity({ data: [makeItem()], as_of: AS_OF });
    const { router, user } = openPage('?wallet_id=2&token=pixel');
    await screen.findByRole('table', { name: 'Your token transfers' });
    await waitFor(() =>
      expect(activityCalls(fetchMock)).toContain(
        'GET /api/activity?wallet_id=2&token=PIXEL&page=1&limit=25',
      ),
    );
    await waitFor(() => expect(screen.getByLabelText('Wallet')).toHaveValue('2'));
    expect(screen.getByLabelText('Token')).toHaveValue('PIXEL');

    await user.selectOptions(screen.getByLabelText('Direction'), 'out');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?wallet_id=2&token=PIXEL&direction=out'),
    );
    await waitFor(() =>
      expect(activityCalls(fetchMock)).toContain(
        'GET /api/activity?wallet_id=2&token=PIXEL&direction=out&page=1&limit=25',
      ),
    );

    await user.selectOptions(screen.getByLabelText('Wallet'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?token=PIXEL&direction=out'));
  });

  it('pages through the server and keeps the page in the address', async () => {
    const fetchMock = stubActivity(
      (call) => ({
        data: [makeItem({ log_index: Number(call.url.searchParams.get('page')) })],
        as_of: AS_OF,
      }),
      60,
    );
    const { router, user } = openPage('?token=AXS');
    const pager = await screen.findByRole('navigation', { name: 'Activity pages' });
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?token=AXS&page=2'));
    await waitFor(() =>
      expect(activityCalls(fetchMock)).toContain('GET /api/activity?token=AXS&page=2&limit=25'),
    );
  });

  it('says when there are no transfers yet, and when the chain has not been read', async () => {
    stubActivity({ data: [], as_of: null });
    openPage();
    const table = await screen.findByRole('table', { name: 'Your token transfers' });
    expect(await within(table).findByText(/No transfers yet/)).toBeInTheDocument();
    expect(screen.getByText(/has not been read for your wallets yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('sends a user without wallets to the Wallet Tracker', async () => {
    stubApi((call) => {
      if (call.url.pathname === '/api/wallets') return listReply([]);
      if (call.url.pathname === '/api/activity')
        return { status: 200, body: { data: [], as_of: null }, headers: { 'X-Total-Count': '0' } };
      return undefined;
    });
    openPage();
    const table = await screen.findByRole('table', { name: 'Your token transfers' });
    expect(
      await within(table).findByText(
        'Add a wallet in the Wallet Tracker to see its transfers here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Wallet Tracker' })).toHaveAttribute(
      'href',
      '/tools/wallet',
    );
  });

  it('says when no transfer matches the filters', async () => {
    stubActivity({ data: [], as_of: AS_OF });
    openPage('?direction=out');
    const table = await screen.findByRole('table', { name: 'Your token transfers' });
    expect(await within(table).findByText('No transfers match these filters.')).toBeInTheDocument();
  });

  it('says when the activity could not be loaded', async () => {
    stubActivity({ data: [], as_of: null }, 0, 500);
    openPage();
    const table = await screen.findByRole('table', { name: 'Your token transfers' });
    expect(
      await within(table).findByText(
        'Your activity could not be loaded. Reload the page to try again.',
      ),
    ).toBeInTheDocument();
  });

  it('exports what the filter shows', async () => {
    const fetchMock = stubActivity({ data: [makeItem()], as_of: AS_OF });
    const created = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:activity';
    try {
      const { user } = openPage('?token=SLP&direction=in');
      await screen.findByRole('table', { name: 'Your token transfers' });
      const button = await screen.findByRole('button', { name: 'Export CSV' });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
      await waitFor(() =>
        expect(callsMade(fetchMock)).toContain('GET /api/activity/export?token=SLP&direction=in'),
      );
    } finally {
      URL.createObjectURL = created;
    }
  });

  it('sends a guest to sign in first', async () => {
    const { router } = renderApp('/activity?token=PIXEL');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('next=');
  });
});

describe('formatExactAmount', () => {
  it('groups the whole part and keeps every decimal', () => {
    expect(formatExactAmount('0.000001')).toBe('0.000001');
    expect(formatExactAmount('1500')).toBe('1,500');
    expect(formatExactAmount('123456789012345678901234.5')).toBe(
      '123,456,789,012,345,678,901,234.5',
    );
  });
});
