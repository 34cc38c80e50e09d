import type { TIncomeRecord } from '@nexusplay/contract/income';
import type { TIncomeAutoWallet, TIncomeSuggestion } from '@nexusplay/contract/income-suggestions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsMade, sentBody, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { makeIncomeRecord } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';

const PRICES = {
  pixels: { usd: 0.02, idr: 320 },
  axs: { usd: 4, idr: 64000 },
  usdIdr: 16000,
  asOf: '2026-11-20T07:00:00.000Z',
  stale: false,
  sources: {
    price: { name: 'CoinGecko', url: 'https://www.coingecko.com', asOf: null, stale: false },
    rate: {
      name: 'ExchangeRate-API',
      url: 'https://www.exchangerate-api.com',
      asOf: null,
      stale: false,
    },
  },
};

function makeSuggestion(id: number, overrides: Partial<TIncomeSuggestion> = {}): TIncomeSuggestion {
  return {
    id,
    wallet: { id: 1, name: 'Farm wallet' },
    token: 'pixels',
    symbol: 'PIXEL',
    amount: '120',
    day: '2026-11-20',
    time: '2026-11-20T03:00:00.000Z',
    from_address: `0x${'9'.repeat(40)}`,
    tx_hash: `0x${String(id).padStart(64, '0')}`,
    log_index: 0,
    price_usd: 0.02,
    value_usd: 2.4,
    value_idr: 38400,
    price_pending: false,
    ...overrides,
  };
}

type Reply = { status: number; body?: unknown };

/**
 * An income server holding `suggestions` and `wallets`' switches: accepting one turns it into a
 * record, ignoring drops it, "Add all" takes the ids sent. `hold` keeps an answer back until
 * the test lets it go.
 */
function stubSuggestionServer({
  base = '/api/income-pixels',
  suggestions = [makeSuggestion(5), makeSuggestion(6, { amount: '45.5', day: '2026-11-21' })],
  wallets = [{ wallet: { id: 1, name: 'Farm wallet' }, on: false }] as TIncomeAutoWallet[],
  hold,
}: {
  base?: string;
  suggestions?: TIncomeSuggestion[];
  wallets?: TIncomeAutoWallet[];
  hold?: Promise<void>;
} = {}) {
  let pending = [...suggestions];
  const records: TIncomeRecord[] = [];
  const accept = (id: number) => {
    pending = pending.filter((suggestion) => suggestion.id !== id);
    const record = makeIncomeRecord(100 + id, { expense_description: `Record ${id}` });
    records.push(record);
    return record;
  };
  const answer = (call: ApiCall): Reply | undefined => {
    const { method, url } = call;
    const path = url.pathname;
    if (method === 'GET' && path === '/api/prices') return { status: 200, body: PRICES };
    if (method === 'GET' && path === base) return { status: 200, body: { data: records } };
    if (method === 'GET' && path === `${base}/suggestions`)
      return { status: 200, body: { data: pending, total: pending.length } };
    if (method === 'GET' && path === `${base}/auto-add`)
      return { status: 200, body: { data: wallets } };
    const accepted = new RegExp(`^${base}/suggestions/(\\d+)/accept$`).exec(path);
    if (method === 'POST' && accepted) {
      const record = accept(Number(accepted[1]));
      return { status: 201, body: { message: 'Added as income.', created: true, data: record } };
    }
    const ignored = new RegExp(`^${base}/suggestions/(\\d+)/ignore$`).exec(path);
    if (method === 'POST' && ignored) {
      pending = pending.filter((suggestion) => suggestion.id !== Number(ignored[1]));
      return { status: 200, body: { message: 'Suggestion ignored.' } };
    }
    if (method === 'POST' && path === `${base}/suggestions/accept-all`) {
      const { ids } = JSON.parse(String(call.init?.body)) as { ids: number[] };
      const data = ids.map(accept);
      return { status: 200, body: { message: `${ids.length} records added.`, added: 2, data } };
    }
    const auto = new RegExp(`^${base}/auto-add/(\\d+)$`).exec(path);
    if (method === 'PUT' && auto) {
      const { on } = JSON.parse(String(call.init?.body)) as { on: boolean };
      return {
        status: 200,
        body: {
          wallet: { id: Number(auto[1]), name: 'Farm wallet' },
          on,
          message: 'Incoming PIXEL to Farm wallet is added automatically.',
        },
      };
    }
    return undefined;
  };
  const fetchMock = stubApi((call) => answer(call));
  if (hold) {
    // Answers a mutation only once `hold` is settled, as a slow server would.
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await hold;
      return inner(input, init);
    });
  }
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  callsMade(fetchMock).filter((call) => call.startsWith('POST /api/income'));
const recordReads = (fetchMock: ReturnType<typeof stubApi>, base = '/api/income-pixels') =>
  callsMade(fetchMock).filter((call) => call === `GET ${base}`).length;

async function openPage(path = '/tools/incomepixels') {
  const rendered = renderApp(path, { token: userToken() });
  const section = await screen.findByRole('region', { name: 'Found on chain' }, { timeout: 5000 });
  return { ...rendered, section: within(section) };
}

describe('Income found on chain', { timeout: 15_000 }, () => {
  it('reads each suggestion as "120 PIXEL arrived in Farm wallet on 20 Nov 2026 · Add as income · Ignore"', async () => {
    stubSuggestionServer();
    const { section } = await openPage();
    const list = section.getByRole('list', { name: 'PIXEL found on chain' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.querySelector('p')).toHaveTextContent(
      /^120 PIXEL arrived in Farm wallet on 20 Nov 2026·Add as income·Ignore$/,
    );
    expect(
      within(first).getByRole('button', {
        name: 'Add as income: 120 PIXEL arrived in Farm wallet on 20 Nov 2026',
      }),
    ).toBeEnabled();
    expect(within(first).getByRole('button', { name: /^Ignore: 120 PIXEL/ })).toBeEnabled();
    expect(within(first).getByText(/Worth \$2\.40/)).toBeInTheDocument();
    expect(
      section.getByText('45.5 PIXEL arrived in Farm wallet on 21 Nov 2026'),
    ).toBeInTheDocument();
  });

  it('adds one as income once, however often it is clicked, and reads the records again', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubSuggestionServer({ hold });
    const { section, user } = await openPage();
    await waitFor(() => expect(recordReads(fetchMock)).toBeGreaterThan(0));
    const readsBefore = recordReads(fetchMock);
    const add = section.getByRole('button', { name: /^Add as income: 120 PIXEL/ });
    // Two clicks before the page has drawn anything in between, as a quick double click lands.
    fireEvent.click(add);
    fireEvent.click(add);
    await user.dblClick(add);
    expect(add).toBeDisabled();
    expect(section.getByRole('button', { name: /^Ignore: 120 PIXEL/ })).toBeDisabled();
    release();
    expect(await screen.findByText('Added as income.')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual(['POST /api/income-pixels/suggestions/5/accept']);
    // The record made from it is in the table, and the suggestion has gone.
    expect(await screen.findByRole('cell', { name: 'Record 5' })).toBeInTheDocument();
    expect(recordReads(fetchMock)).toBeGreaterThan(readsBefore);
    await waitFor(() => expect(section.queryByText(/^120 PIXEL arrived/)).not.toBeInTheDocument());
  });

  it('ignores one', async () => {
    const fetchMock = stubSuggestionServer();
    const { section, user } = await openPage();
    await user.click(section.getByRole('button', { name: /^Ignore: 45\.5 PIXEL/ }));
    await waitFor(() =>
      expect(section.queryByText(/^45\.5 PIXEL arrived/)).not.toBeInTheDocument(),
    );
    expect(posts(fetchMock)).toEqual(['POST /api/income-pixels/suggestions/6/ignore']);
    expect(screen.getByText('Suggestion ignored.')).toBeInTheDocument();
  });

  it('"Add all" adds the ones shown in one request', async () => {
    const fetchMock = stubSuggestionServer();
    const { section } = await openPage();
    const addAll = section.getByRole('button', { name: 'Add all' });
    fireEvent.click(addAll);
    fireEvent.click(addAll);
    expect(await screen.findByText('2 records added.')).toBeInTheDocument();
    const call = callsMade(fetchMock).indexOf('POST /api/income-pixels/suggestions/accept-all');
    expect(call).toBeGreaterThan(-1);
    expect(sentBody(fetchMock, call)).toEqual({ ids: [5, 6] });
    expect(posts(fetchMock)).toEqual(['POST /api/income-pixels/suggestions/accept-all']);
    expect(await screen.findByRole('cell', { name: 'Record 6' })).toBeInTheDocument();
    expect(await section.findByText('No new PIXEL has arrived.')).toBeInTheDocument();
  });

  it('turns "add these automatically" on for a wallet', async () => {
    const fetchMock = stubSuggestionServer();
    const { section, user } = await openPage();
    await user.click(section.getByText('Add these automatically'));
    const toggle = section.getByRole('switch', {
      name: 'Add PIXEL arriving in Farm wallet automatically',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const call = callsMade(fetchMock).indexOf('PUT /api/income-pixels/auto-add/1');
    expect(sentBody(fetchMock, call)).toEqual({ on: true });
    expect(
      screen.getByText('Incoming PIXEL to Farm wallet is added automatically.'),
    ).toBeInTheDocument();
    expect(section.getByText('On for 1 of 1 wallets')).toBeInTheDocument();
  });

  it('offers AXS on Income Axie from its own routes', async () => {
    const fetchMock = stubSuggestionServer({
      base: '/api/income-axie',
      suggestions: [makeSuggestion(9, { token: 'axs', symbol: 'AXS', amount: '2.5' })],
    });
    const { section, user } = await openPage('/tools/incomeaxie');
    expect(section.getByText('2.5 AXS arrived in Farm wallet on 20 Nov 2026')).toBeInTheDocument();
    // One suggestion needs no "Add all".
    expect(section.queryByRole('button', { name: 'Add all' })).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: /^Add as income: 2\.5 AXS/ }));
    await waitFor(() =>
      expect(posts(fetchMock)).toEqual(['POST /api/income-axie/suggestions/9/accept']),
    );
  });

  it('shows nothing for a user with no wallets and nothing found', async () => {
    stubSuggestionServer({ suggestions: [], wallets: [] });
    renderApp('/tools/incomepixels', { token: userToken() });
    expect(await screen.findByRole('heading', { name: 'Records' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Found on chain' })).not.toBeInTheDocument();
  });
});
