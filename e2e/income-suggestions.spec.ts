import type { Page } from '@playwright/test';
import { TOKENS } from '../harness/ronin-node.js';
import { logTokenTransfer, mineBlocks } from '../harness/token-transfers.js';
import { severeViolations } from './axe.js';
import { expect, signUpThroughApi, test } from './fixtures.js';

/** The server's RONIN_CONFIRMATIONS (its default): a transfer is read once this deep. */
const CONFIRMATIONS = 10;
const PIXEL = 10n ** 18n;

function nodeUrl(): string {
  const url = process.env.E2E_RONIN_URL;
  if (!url) throw new Error('E2E_RONIN_URL is not set: the global setup did not start the node');
  return url;
}

function freshAddress(tag: string): `0x${string}` {
  const random = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  return `0x${tag.padEnd(8, '0').slice(0, 8)}${random.join('')}`;
}

async function api(page: Page, token: string, path: string) {
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { data: unknown[]; total?: number };
}

/** "120 PIXEL arrived in Farm wallet on 27 Nov 2026": the day is the server's, whatever it is. */
const suggestion = (amount: string) =>
  new RegExp(
    `^${amount.replace('.', '\\.')} PIXEL arrived in Farm wallet on \\d{1,2} [A-Z][a-z]{2} \\d{4}$`,
  );

/**
 * PIXEL that arrives in a tracked wallet is offered on Income Pixels: the follower reads it from
 * the test node, the page shows it above the records, and adding it (twice, by a double click)
 * makes one record; "Add all" takes the rest.
 */
test.describe('Income found on chain', () => {
  test('PIXEL arriving in a wallet is offered, added once, and the rest added at once', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { token } = await signUpThroughApi(page);
    const farm = freshAddress('fa');
    const stranger = freshAddress('57');
    const res = await page.request.post('/api/wallets', {
      headers: { authorization: `Bearer ${token}` },
      data: { wallet_name: 'Farm wallet', wallet_address: farm },
    });
    expect(res.status(), await res.text()).toBe(201);

    const url = nodeUrl();
    await logTokenTransfer(url, TOKENS.PIXEL.address, stranger, farm, 120n * PIXEL);
    await logTokenTransfer(url, TOKENS.PIXEL.address, stranger, farm, 455n * (PIXEL / 10n));
    await logTokenTransfer(url, TOKENS.PIXEL.address, stranger, farm, 7n * PIXEL);
    await mineBlocks(url, CONFIRMATIONS);
    await expect
      .poll(async () => (await api(page, token, '/api/income-pixels/suggestions')).total, {
        timeout: 45_000,
      })
      .toBe(3);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/tools/incomepixels');
    const found = page.getByRole('region', { name: 'Found on chain' });
    const items = found.getByRole('list', { name: 'PIXEL found on chain' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    const first = items.filter({ hasText: /^120 PIXEL/ });
    await expect(first.getByText(suggestion('120'))).toBeVisible();
    await expect(found.getByText(suggestion('45.5'))).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);

    await first.getByRole('button', { name: /^Add as income/ }).dblclick();
    await expect(page.getByText('Added as income.')).toBeVisible();
    await expect(items).toHaveCount(2);
    const records = page.getByRole('table', { name: 'Income Pixels records' });
    await expect(records.getByRole('row')).toHaveCount(2);
    expect((await api(page, token, '/api/income-pixels')).data).toHaveLength(1);

    // A phone: the suggestions and their buttons keep to the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    await found.scrollIntoViewIfNeeded();
    const right = await found.evaluate((element) =>
      Math.max(
        element.getBoundingClientRect().right,
        ...Array.from(element.querySelectorAll('button'), (b) => b.getBoundingClientRect().right),
      ),
    );
    expect(right).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    await found.getByRole('button', { name: 'Add all' }).click();
    await expect(page.getByText('2 records added.')).toBeVisible();
    await expect(found.getByText('No new PIXEL has arrived.')).toBeVisible();
    await expect(records.getByRole('row')).toHaveCount(4);

    await found.getByText('Add these automatically').click();
    const toggle = found.getByRole('switch', {
      name: 'Add PIXEL arriving in Farm wallet automatically',
    });
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(found.getByText('On for 1 of 1 wallets')).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    const auto = await api(page, token, '/api/income-pixels/auto-add');
    expect(auto.data).toEqual([
      { wallet: expect.objectContaining({ name: 'Farm wallet' }), on: true },
    ]);
  });
});
