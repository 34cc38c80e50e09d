import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { logTokenTransfer, mineBlocks } from '../harness/token-transfers.js';
import { TOKENS } from '../harness/ronin-node.js';
import { severeViolations } from './axe.js';
import { expect, signUpThroughApi, test } from './fixtures.js';

/** The server's RONIN_CONFIRMATIONS (its default): a transfer is read once this deep. */
const CONFIRMATIONS = 10;

function nodeUrl(): string {
  const url = process.env.E2E_RONIN_URL;
  if (!url) throw new Error('E2E_RONIN_URL is not set: the global setup did not start the node');
  return url;
}

/** An address of its own for each run, so no other test's wallets share its transfers. */
function freshAddress(tag: string): `0x${string}` {
  const random = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  return `0x${tag.padEnd(8, '0').slice(0, 8)}${random.join('')}`;
}

async function addWallet(page: Page, token: string, name: string, address: string) {
  const res = await page.request.post('/api/wallets', {
    headers: { authorization: `Bearer ${token}` },
    data: { wallet_name: name, wallet_address: address },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * The Activity page over the real follower: transfers are logged on the test node, the server
 * reads them within its polls once confirmed, and the page shows, filters and exports them.
 */
test.describe('Activity', () => {
  test('shows the transfers the follower read, filters them, exports them, and fits a phone', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { token } = await signUpThroughApi(page);
    const farm = freshAddress('fa');
    const vault = freshAddress('7a');
    const stranger = freshAddress('57');
    const farmId = await addWallet(page, token, 'Farm wallet', farm);
    await addWallet(page, token, 'Vault', vault);

    const url = nodeUrl();
    const pixelIn = await logTokenTransfer(
      url,
      TOKENS.PIXEL.address,
      stranger,
      farm,
      120n * 10n ** 18n,
    );
    // Between the user's own wallets: one item out of Farm wallet, one in to Vault.
    await logTokenTransfer(url, TOKENS.SLP.address, farm, vault, 5n);
    await logTokenTransfer(url, TOKENS.USDC.address, farm, stranger, 1_500_001n);
    await mineBlocks(url, CONFIRMATIONS);

    // The follower polls every second (ACTIVITY_POLL in global-setup).
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/activity', {
            headers: { authorization: `Bearer ${token}` },
          });
          return res.headers()['x-total-count'];
        },
        { timeout: 45_000 },
      )
      .toBe('4');

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/tools/wallet');
    await page.getByRole('link', { name: 'Activity of Farm wallet' }).click();
    await expect(page).toHaveURL(new RegExp(`/activity\\?wallet_id=${farmId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your token transfers' });
    // Farm wallet's three: the PIXEL in, the SLP out to Vault and the USDC out.
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('combobox', { name: 'Wallet' })).toHaveValue(String(farmId));

    await page.getByRole('combobox', { name: 'Wallet' }).selectOption('');
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(page.getByText(/^As of block [\d,]+, /)).toBeVisible();
    await expect(page.getByText(/Native RON transfers carry no log/)).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);

    const pixelRow = table.getByRole('row').filter({ hasText: 'PIXEL' });
    await expect(pixelRow).toContainText('+120');
    await expect(pixelRow.getByText('In', { exact: true })).toBeVisible();
    await expect(pixelRow).toContainText(`${stranger.slice(0, 6)}…${stranger.slice(-4)}`);
    await expect(pixelRow.getByTitle(stranger)).toBeVisible();
    const explorer = pixelRow.getByRole('link', { name: /on the Ronin explorer/ });
    await expect(explorer).toHaveAttribute('href', `https://app.roninchain.com/tx/${pixelIn}`);
    await expect(explorer).toHaveAttribute('target', '_blank');
    await expect(table.getByRole('row').filter({ hasText: 'USDC' })).toContainText('−1.500001');
    const slpRows = table.getByRole('row').filter({ hasText: 'SLP' });
    await expect(slpRows).toHaveCount(2);
    const direction = (text: string) => page.getByText(text, { exact: true });
    await expect(slpRows.filter({ has: direction('Out') })).toContainText('Vault');
    await expect(slpRows.filter({ has: direction('In') })).toContainText('Farm wallet');

    await page.getByRole('combobox', { name: 'Token' }).selectOption('SLP');
    await page.getByRole('combobox', { name: 'Direction' }).selectOption('out');
    await expect(page).toHaveURL(/\/activity\?token=SLP&direction=out$/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Token' })).toHaveValue('SLP');
    await expect(table.getByRole('row')).toHaveCount(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Farm wallet,SLP,out,5,Vault,');

    // A phone: cards, and nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/activity');
    const cards = page.getByRole('list', { name: 'Your token transfers' });
    await expect(cards.getByRole('listitem')).toHaveCount(4);
    await expect(table).toBeHidden();
    await expect(cards.getByRole('listitem').filter({ hasText: 'PIXEL' })).toContainText('+120');
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      cards: Math.max(
        ...Array.from(document.querySelectorAll('li'), (li) => li.getBoundingClientRect().right),
      ),
    }));
    expect(widths.page).toBe(390);
    expect(await severeViolations(page)).toEqual([]);
    expect(widths.cards).toBeLessThanOrEqual(390);
  });
});
