import fs from 'node:fs';
import { expect, registerThroughApi, test, tokenThroughApi } from './fixtures.js';

/**
 * The e2e server cannot reach the price services, so it serves SPEC 8's fallbacks: a token price
 * of 0 and 15,000 rupiah per dollar, marked stale. A record's income is then worth nothing and its
 * USD expense is all of its (negative) net income.
 */
test.describe('Income Pixels', () => {
  test('a user adds a record with a USD expense, reads it in IDR and filters by month', async ({
    page,
  }) => {
    const identity = await registerThroughApi(page);
    const token = await tokenThroughApi(page, identity.email, identity.password);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/tools/incomepixels');

    await expect(page.getByRole('heading', { level: 1, name: 'Income Pixels' })).toBeVisible();
    await expect(page.getByText('$0.0000')).toBeVisible();
    await expect(page.getByText(/Stale: the price service could not be reached/)).toContainText(
      'price 0, Rp 15.000 per USD',
    );
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
    await expect(row.getByRole('cell').nth(0)).toHaveText('2025-03-15');
    await expect(row.getByRole('cell').nth(1)).toHaveText('250');
    await expect(row.getByRole('cell').nth(2)).toHaveText('$0.00');
    await expect(row.getByRole('cell').nth(3)).toContainText('$10.46');
    await expect(row.getByRole('cell').nth(3)).toContainText('0 Pixels ($10.46)');
    await expect(row.getByRole('cell').nth(5)).toHaveText('-$10.46');
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText('Total Income$0.00');
    await expect(totals).toContainText('Total Expense$10.46');
    await expect(totals).toContainText('Net Income-$10.46');

    await page.getByRole('button', { name: 'IDR' }).click();
    await expect(page.getByRole('button', { name: 'IDR' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Rp 0,00')).toBeVisible();
    // 10.46 dollars at the fallback rate of 15,000.
    await expect(totals).toContainText('Total ExpenseRp 156.900');
    await expect(totals).toContainText('Net Income-Rp 156.900');
    await expect(row.getByRole('cell').nth(5)).toHaveText('-Rp 156.900');

    const month = page.getByRole('combobox', { name: 'Month' });
    await month.selectOption('April');
    await expect(page.getByText('No records match this search and month.')).toBeVisible();
    await expect(totals).toContainText('Total ExpenseRp 0');
    await month.selectOption('March');
    await expect(row).toBeVisible();
    await expect(totals).toContainText('Net Income-Rp 156.900');
    await month.selectOption('All Months');

    // Left empty, the date is the server's today (UTC).
    await page.getByRole('button', { name: 'Add Income' }).click();
    await form.getByLabel('Expense description').fill('Seeds');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const today = new Date().toISOString().slice(0, 10);
    await expect(
      page.getByRole('row').filter({ hasText: 'Seeds' }).getByRole('cell').first(),
    ).toHaveText(today);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv).toContain('2025-03-15,250,10.46,usd,Land rent,0 Pixels ($10.46),-10.46,0,15000');
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
