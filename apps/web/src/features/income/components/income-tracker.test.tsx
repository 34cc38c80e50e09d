import type { TPricesResponse } from '@nexusplay/contract/market';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsMade, sentBody, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { makeIncomeRecord } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { makeToken, userToken } from '../../../test/tokens';

const PRICES: TPricesResponse = {
  pixels: { usd: 0.0213, idr: 340.8 },
  axs: { usd: 4.1, idr: 65600 },
  usdIdr: 16000,
  asOf: '2025-03-15T07:00:00.000Z',
  stale: false,
  sources: {
    price: {
      name: 'CoinGecko',
      url: 'https://www.coingecko.com',
      asOf: '2025-03-15T08:00:00.000Z',
      stale: false,
    },
    rate: {
      name: 'ExchangeRate-API',
      url: 'https://www.exchangerate-api.com',
      asOf: '2025-03-15T07:00:00.000Z',
      stale: false,
    },
  },
};

// Income $20 - expense $5 = $15 at Rp 16.000; income $5 - expense $1 = $4 at Rp 15.000.
const RECORDS = [
  makeIncomeRecord(2, {
    income: 500,
    pixels: 500,
    expense: 100,
    expense_type: 'pixels',
    expense_description: 'Seeds',
    converted_expense: '100 Pixels ($1.00)',
    date: '2025-04-02',
    net_income: 4,
    price_usd: 0.01,
    usd_idr: 15000,
    usd_idr_date: '2025-04-02',
  }),
  makeIncomeRecord(1, {
    income: 1000,
    pixels: 1000,
    expense: 5,
    expense_type: 'usd',
    expense_description: 'Land rent',
    converted_expense: '250 Pixels ($5.00)',
    date: '2025-03-15',
    net_income: 15,
    price_usd: 0.02,
    usd_idr: 16000,
    usd_idr_date: '2025-03-15',
  }),
];

// Saved while the price service was down; its rate is the nearest day's that is known.
const PENDING = makeIncomeRecord(3, {
  income: 400,
  pixels: 400,
  expense: 2,
  expense_type: 'usd',
  expense_description: 'Fence',
  converted_expense: '$2.00 in Pixels (price pending)',
  date: '2025-04-05',
  net_income: null,
  price_usd: null,
  usd_idr: 15500,
  usd_idr_date: '2025-04-07',
});

type Answer = (call: ApiCall) => { status: number; body?: unknown } | undefined;

function stubIncomeServer(more: Answer = () => undefined, records = RECORDS) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/prices') {
      return { status: 200, body: PRICES };
    }
    if (call.method === 'GET' && call.url.pathname === '/api/income-pixels') {
      return { status: 200, body: { data: records } };
    }
    return more(call);
  });
}

/** Every piece of text on the page, each on its own, so that neighbours do not run together. */
function textsOfPage() {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return texts;
}

function totals() {
  return within(screen.getByRole('region', { name: 'Totals' }));
}

function total(label: string) {
  return totals().getByText(label).nextElementSibling;
}

async function openPage() {
  const rendered = renderApp('/tools/incomepixels', { token: userToken() });
  // The first visit compiles the page's code, which takes longer than a page normally does.
  await screen.findByRole('cell', { name: 'Land rent' }, { timeout: 5000 });
  return rendered;
}

// jsdom lays nothing out; the chart measures its box and needs one to draw into.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 800, 256),
  );
});

// Each test drives a whole page through several dialogs, which can outlast the 5 s default.
describe('Income Pixels', { timeout: 15_000 }, () => {
  it('shows the price, the records and the totals in USD, then in IDR', async () => {
    stubIncomeServer();
    const { user } = await openPage();

    expect(screen.getByText('$0.0213')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
    expect(total('Total Income')).toHaveTextContent('$25.00');
    expect(total('Total Expense')).toHaveTextContent('$6.00');
    expect(total('Net Income')).toHaveTextContent('$19.00');
    const march = within(screen.getByRole('cell', { name: 'Land rent' }).closest('tr')!);
    expect(march.getByRole('cell', { name: '1,000' })).toBeInTheDocument();
    expect(march.getByRole('cell', { name: '$15.00' })).toBeInTheDocument();
    // A record's day is written as every day on the site is (lib/format-date), not as stored.
    expect(march.getByRole('cell', { name: 'March 15, 2025' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'IDR' }));
    expect(screen.getByRole('button', { name: 'IDR' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Rp 340,80')).toBeInTheDocument();
    expect(total('Total Income')).toHaveTextContent('Rp 395.000');
    expect(total('Total Expense')).toHaveTextContent('Rp 95.000');
    expect(total('Net Income')).toHaveTextContent('Rp 300.000');
    expect(screen.getByRole('columnheader', { name: 'Net Income (IDR)' })).toBeInTheDocument();
    expect(march.getByRole('cell', { name: 'Rp\u00a0240.000' })).toBeInTheDocument();
  });

  it('writes every number on the page the Indonesian way in IDR mode', async () => {
    stubIncomeServer();
    const { user } = await openPage();
    const march = () => within(screen.getByRole('cell', { name: 'Land rent' }).closest('tr')!);
    expect(march().getByText('250 Pixels ($5.00)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'IDR' }));
    expect(march().getByRole('cell', { name: '1.000' })).toBeInTheDocument();
    expect(march().getByText('250 Pixels (US$5,00)')).toBeInTheDocument();
    const ticks = await screen.findAllByText(/\d/, {
      selector: '.recharts-cartesian-axis-tick-value tspan',
    });
    // The chart's axis too: "240 rb" (ribu), not "240K".
    expect(ticks.map((tick) => tick.textContent)).toContain('240\u00a0rb');
    // No US grouping (1,000) or US decimals (5.00) anywhere on the page.
    expect(textsOfPage().filter((text) => /\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)/.test(text))).toEqual(
      [],
    );
  });

  it('says under the price where every figure comes from, crediting both services', async () => {
    stubIncomeServer();
    await openPage();
    const card = within(screen.getByRole('region', { name: 'Current Pixels price' }));
    expect(card.getByRole('link', { name: 'CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    );
    expect(card.getByRole('link', { name: 'ExchangeRate-API' })).toHaveAttribute(
      'href',
      'https://www.exchangerate-api.com',
    );
    const priceAsOf = new Date(PRICES.sources.price.asOf!);
    const rateAsOf = new Date(PRICES.sources.rate.asOf!);
    const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(card.getByText(/^Price data by/)).toHaveTextContent(
      `Price data by CoinGecko, as of ${stamp.format(priceAsOf)}.`,
    );
    // One source of rupiah for the card and the table alike: the exchange rate.
    expect(card.getByText(/^Every IDR figure/)).toHaveTextContent(
      `Every IDR figure on this page is the dollar amount times the USD→IDR rate (today's here, each record's own day in the table). Rates by ExchangeRate-API, as of ${stamp.format(rateAsOf)}.`,
    );
  });

  it('shows a record without a price for its day as pending, left out of the totals', async () => {
    stubIncomeServer(undefined, [PENDING, ...RECORDS]);
    const { user } = await openPage();
    const fence = within(screen.getByRole('cell', { name: 'Fence' }).closest('tr')!);
    expect(fence.getAllByText('Price pending')).toHaveLength(2);
    // Its day is more than 365 days back: the tooltip says why it stays pending.
    for (const cell of fence.getAllByText('Price pending'))
      expect(cell).toHaveAttribute(
        'title',
        "No price for 2025-04-05: the price service's free plan gives past prices for the last 365 days only, so this record stays price pending.",
      );
    expect(fence.getByRole('cell', { name: /^\$2\.00/ })).toHaveTextContent(
      '$2.00$2.00 in Pixels (price pending)',
    );
    // Not $0: the totals are those of the two valued records, and say what they leave out.
    expect(total('Total Income')).toHaveTextContent('$25.00');
    expect(total('Net Income')).toHaveTextContent('$19.00');
    expect(
      totals().getByText(
        "Not counted: 1 record whose price is pending. It is valued as soon as its day's figures are known.",
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'IDR' }));
    // The rate of the nearest day known, and the table says so.
    expect(fence.getByRole('cell', { name: /^Rp/ })).toHaveTextContent(
      'Rp 31.000$2.00 in Pixels (price pending)',
    );
    expect(fence.getByText('Rate of 2025-04-07 (nearest known)')).toBeInTheDocument();
    const march = within(screen.getByRole('cell', { name: 'Land rent' }).closest('tr')!);
    expect(march.queryByText(/nearest known/)).not.toBeInTheDocument();
  });

  it('says the chart waits for the prices of pending records, not for a first record', async () => {
    stubIncomeServer(undefined, [PENDING]);
    renderApp('/tools/incomepixels', { token: userToken() });
    await screen.findByRole('cell', { name: 'Fence' }, { timeout: 5000 });
    const chart = within(screen.getByRole('region', { name: 'Net income by month' }));
    expect(
      await chart.findByText(
        "The chart appears once a record has its day's price: 1 record is waiting for it.",
      ),
    ).toBeInTheDocument();
    expect(chart.queryByText(/once you have added a record/)).not.toBeInTheDocument();
  });

  it('says in the form that a record is valued at the price of its date', async () => {
    stubIncomeServer();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Income' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Income' });
    expect(dialog).toHaveAccessibleDescription(
      "Every field is optional. The record is valued at the Pixels price of its date (today's price for today); without one yet, it shows as price pending until the price is known.",
    );
  });

  it('filters by month and by description or date, totals following the rows shown', async () => {
    stubIncomeServer();
    const { user } = await openPage();
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Months',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);

    await user.selectOptions(month, 'March');
    expect(screen.queryByRole('cell', { name: 'Seeds' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Land rent' })).toBeInTheDocument();
    expect(total('Net Income')).toHaveTextContent('$15.00');

    await user.selectOptions(month, 'December');
    expect(screen.getByText('No records match this search and month.')).toBeInTheDocument();
    expect(total('Total Income')).toHaveTextContent('$0.00');

    await user.selectOptions(month, 'All Months');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by description or date' }),
      'SEED',
    );
    expect(screen.getByRole('cell', { name: 'Seeds' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Land rent' })).not.toBeInTheDocument();
  });

  it('adds a record: empty amount is 0, the USD expense goes to the cent, no date lets the server date it', async () => {
    const fetchMock = stubIncomeServer(({ method }) =>
      method === 'POST' ? { status: 201, body: { data: RECORDS[0] } } : undefined,
    );
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Add Income' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Income' }));
    expect(dialog.getByLabelText('Expense type')).toHaveValue('usd');
    expect(
      dialog.getByText("Optional. Leave it empty for today: the server's date is used."),
    ).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Expense'), '12.345');
    await user.type(dialog.getByLabelText('Expense description'), 'Energy');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = callsMade(fetchMock).indexOf('POST /api/income-pixels');
    expect(sentBody(fetchMock, post)).toEqual({
      income: 0,
      pixels: 0,
      expense: 12.35,
      expense_type: 'usd',
      expense_description: 'Energy',
    });
    expect(screen.getByText('Income record added.')).toBeInTheDocument();
  });

  it('sends a token expense as whole tokens and keeps the date chosen when editing', async () => {
    const fetchMock = stubIncomeServer(({ method }) =>
      method === 'PUT' ? { status: 200, body: { data: RECORDS[1] } } : undefined,
    );
    const { user } = await openPage();

    await user.click(
      screen.getByRole('button', { name: 'Edit the record of 2025-03-15 (Land rent)' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Income' }));
    expect(dialog.getByLabelText('Pixels amount')).toHaveValue(1000);
    expect(dialog.getByLabelText('Date')).toHaveValue('2025-03-15');
    await user.selectOptions(dialog.getByLabelText('Expense type'), 'Pixels');
    await user.clear(dialog.getByLabelText('Expense'));
    await user.type(dialog.getByLabelText('Expense'), '7.6');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = callsMade(fetchMock).indexOf('PUT /api/income-pixels/1');
    expect(sentBody(fetchMock, put)).toMatchObject({
      pixels: 1000,
      expense: 8,
      expense_type: 'pixels',
      date: '2025-03-15',
    });
    expect(screen.getByText('Income record updated.')).toBeInTheDocument();
  });

  it('deletes a record only after confirmation', async () => {
    const fetchMock = stubIncomeServer(({ method }) =>
      method === 'DELETE' ? { status: 200, body: { message: 'Record deleted.' } } : undefined,
    );
    const { user } = await openPage();

    await user.click(
      screen.getByRole('button', { name: 'Delete the record of 2025-04-02 (Seeds)' }),
    );
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete record?' }));
    expect(callsMade(fetchMock)).not.toContain('DELETE /api/income-pixels/2');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsMade(fetchMock)).toContain('DELETE /api/income-pixels/2');
    expect(screen.getByText('Income record deleted.')).toBeInTheDocument();
  });

  it('downloads every record as the server writes the CSV, with the bearer token', async () => {
    const fetchMock = stubIncomeServer(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/income-pixels/export'
        ? { status: 200, body: 'Date,Income (Pixels)' }
        : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:income');
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await expect.poll(() => downloads).toEqual(['income-pixels.csv blob:income']);
    const exportCall = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/income-pixels/export'),
    );
    expect(new Headers(exportCall?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it("shows the server's reason when the download is refused", async () => {
    const busy = 'Your previous download is still being prepared. Try again when it has finished.';
    stubIncomeServer(({ url }) =>
      url.pathname === '/api/income-pixels/export'
        ? { status: 429, body: { message: busy } }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
  });

  it('says when the price is a stale fallback', async () => {
    stubApi(({ url }) => {
      if (url.pathname === '/api/prices') {
        return {
          status: 200,
          body: { ...PRICES, pixels: { usd: 0, idr: 0 }, usdIdr: 15000, asOf: null, stale: true },
        };
      }
      if (url.pathname === '/api/income-pixels') return { status: 200, body: { data: [] } };
      return undefined;
    });
    renderApp('/tools/incomepixels', { token: userToken() });
    expect(
      await screen.findByText(/Stale: the price service could not be reached/),
    ).toHaveTextContent('(price 0, Rp 15.000 per USD)');
    expect(screen.getByText('$0.0000')).toBeInTheDocument();
    expect(
      await screen.findByText('No records yet. Add your first income to start tracking.'),
    ).toBeInTheDocument();
  });

  it('says the last price is shown while it is asked for again, and when the service fails', async () => {
    const stalePrices = (checking: boolean) => ({
      ...PRICES,
      stale: true,
      sources: {
        price: { ...PRICES.sources.price, stale: true, ...(checking ? { checking } : {}) },
        rate: PRICES.sources.rate,
      },
    });
    let checking = true;
    stubApi(({ url }) => {
      if (url.pathname === '/api/prices') return { status: 200, body: stalePrices(checking) };
      if (url.pathname === '/api/income-pixels') return { status: 200, body: { data: [] } };
      return undefined;
    });
    renderApp('/tools/incomepixels', { token: userToken() });
    expect(
      await screen.findByText(
        'Updating: the last price received is shown while it is asked for again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not answering/)).toBeNull();
    cleanup();

    checking = false;
    renderApp('/tools/incomepixels', { token: userToken() });
    expect(
      await screen.findByText(
        'Stale: the price service is not answering, so the last price received is shown.',
      ),
    ).toBeInTheDocument();
  });

  it('without a user id only warns and asks to sign in, loading nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = stubIncomeServer();
    const token = makeToken({ role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 });
    renderApp('/tools/incomepixels', { token });

    const prompt = await screen.findByRole('region', {
      name: 'Sign in to track your Pixels income',
    });
    expect(within(prompt).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?next=/tools/incomepixels',
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nothing is loaded'));
    expect(callsMade(fetchMock).filter((call) => /income|prices/.test(call))).toEqual([]);
  });
});

describe('Income Axie', { timeout: 15_000 }, () => {
  it('reads the AXS records and shows the income column with 2 decimals', async () => {
    const fetchMock = stubApi(({ url }) => {
      if (url.pathname === '/api/prices') return { status: 200, body: PRICES };
      if (url.pathname === '/api/income-axie') {
        return {
          status: 200,
          body: {
            data: [
              makeIncomeRecord(5, {
                income: 12.5,
                pixels: undefined,
                axs: 12.5,
                expense_description: 'Breeding',
                date: '2025-05-01',
                price_usd: 4,
                net_income: 50,
              }),
            ],
          },
        };
      }
      return undefined;
    });
    renderApp('/tools/incomeaxie', { token: userToken() });
    const row = within((await screen.findByRole('cell', { name: 'Breeding' })).closest('tr')!);
    expect(row.getByRole('cell', { name: '12.50' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Income (AXS)' })).toBeInTheDocument();
    expect(screen.getByText('$4.1000')).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('GET /api/income-axie');
  });
});
