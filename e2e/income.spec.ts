import fs from 'node:fs';
import { expect, signUpThroughApi, test } from './fixtures.js';

/** The e2e server's TIME_ZONE: it sets none, so the server's default. */
const SERVER_TIME_ZONE = 'Asia/Jakarta';

/**
 * The e2e server cannot reach the price services, so the price card shows SPEC 8's fallbacks (a
 * token price of 0 and 15,000 rupiah per dollar, marked stale) and a record, which is valued at
 * its own day's price and rate, stays "Price pending": never worth $0, and left out of the totals.
 */
test.describe('Income Pixels', () => {
  test('a user adds a record with a USD expense, reads it in IDR and filters by month', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/tools/incomepixels');

    await expect(page.getByRole('heading', { level: 1, name: 'Income Pixels' })).toBeVisible();
    await expect(page.getByText('$0.0000')).toBeVisible();
    await expect(page.getByText(/Stale: the price service could not be reached/)).toContainText(
      'price 0, Rp 15.000 per USD',
    );
    await expect(page.getByRole('link', { name: 'CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    );
    await expect(page.getByRole('link', { name: 'ExchangeRate-API' })).toBeVisible();
    await expect(
      page.getByText('No records yet. Add your first income to start tracking.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add Income' }).click();
    const form = page.getByRole('dialog', { name: 'Add Income' });
    await expect(form.getByLabel('Expense type')).toHaveValue('usd');
    await form.getByLabel('Pixels amount').fill('250');
    await form.getByLabel('Expense', { exact: true }).fill('10.456');
    await form.getByLabel('Expense description').fill('Land rent');
    await form.getByLabel('Date').fill('2025-03-15');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: 'Land rent' });
    // The day in the browser's locale (en-US here), as every day on the site.
    await expect(row.getByRole('cell').nth(0)).toHaveText('March 15, 2025');
    await expect(row.getByRole('cell').nth(1)).toHaveText('250');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Price pending');
    await expect(row.getByRole('cell').nth(3)).toHaveText('$10.46$10.46 in Pixels (price pending)');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Price pending');
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText('Total Income$0.00');
    await expect(totals).toContainText('Net Income$0.00');
    await expect(totals).toContainText('Not counted: 1 record whose price is pending.');

    await page.getByRole('button', { name: 'IDR' }).click();
    await expect(page.getByRole('button', { name: 'IDR' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Rp 0,00')).toBeVisible();
    // No rate was ever known either: the dollar expense waits for one.
    await expect(row.getByRole('cell').nth(3)).toContainText('Rate pending');
    await expect(totals).toContainText('Not counted: 1 record whose price or rate is pending.');

    const month = page.getByRole('combobox', { name: 'Month' });
    await month.selectOption('April');
    await expect(page.getByText('No records match this search and month.')).toBeVisible();
    await expect(totals).not.toContainText('Not counted');
    await month.selectOption('March');
    await expect(row).toBeVisible();
    await expect(totals).toContainText('Not counted: 1 record');
    await month.selectOption('All Months');

    // Left empty, the date is the server's today in its TIME_ZONE (the default, Asia/Jakarta,
    // here): from 17:00 UTC that is already tomorrow in UTC's calendar.
    await page.getByRole('button', { name: 'Add Income' }).click();
    await form.getByLabel('Expense description').fill('Seeds');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: SERVER_TIME_ZONE }).format(
      new Date(),
    );
    // Written as the page writes a day: long, in the browser's locale.
    const todayShown = await page.evaluate(
      (day) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      today,
    );
    await expect(
      page.getByRole('row').filter({ hasText: 'Seeds' }).getByRole('cell').first(),
    ).toHaveText(todayShown);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv).toContain(
      '2025-03-15,250,10.46,usd,Land rent,$10.46 in Pixels (price pending),,,,',
    );
    expect(csv).toContain(',Seeds,');
  });

  test('a visitor who is not signed in is asked to sign in, and nothing is loaded', async ({
    page,
  }) => {
    const incomeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/income-pixels')) incomeCalls.push(request.url());
    });
    await page.goto('/tools/incomepixels');
    const prompt = page.getByRole('region', { name: 'Sign in to track your Pixels income' });
    await prompt.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login\?next=\/tools\/incomepixels$/);
    expect(incomeCalls).toEqual([]);
  });
});
