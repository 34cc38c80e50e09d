import type { Page } from '@playwright/test';
import {
  E2E_PORTFOLIO_ADDRESS,
  expect,
  registerThroughApi,
  test,
  tokenThroughApi,
} from './fixtures.js';

const ADDRESS = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
const SHORT_ADDRESS = '0xabcd…ef01';

/** Stands in for the system clipboard, which a headless browser may not offer to the page. */
async function stubClipboard(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          (window as unknown as { copiedText: string }).copiedText = text;
        },
      },
    });
  });
}

const copiedText = (page: Page) =>
  page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText);

async function signInThroughApi(page: Page) {
  const identity = await registerThroughApi(page);
  const token = await tokenThroughApi(page, identity.email, identity.password);
  await page.goto('/about');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return { identity, token };
}

/** The names of the page's visible controls that the toast saying `text` lies over. */
async function controlsUnder(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  return page.locator('a, button, input, select, textarea, [role="button"]').evaluateAll(
    (controls, b) =>
      controls
        .filter((control) => {
          const r = control.getBoundingClientRect();
          const shown =
            r.width > 0 && r.height > 0 && getComputedStyle(control).visibility !== 'hidden';
          return (
            shown &&
            r.left < b.x + b.width &&
            b.x < r.right &&
            r.top < b.y + b.height &&
            b.y < r.bottom
          );
        })
        .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? ''),
    box,
  );
}

test.describe('personal tools', () => {
  test('a user adds, edits, copies and deletes a wallet', async ({ page }) => {
    await stubClipboard(page);
    const identity = await registerThroughApi(page);

    // A guest signs in first and comes back to the tool.
    await page.goto('/tools/wallet');
    await expect(page).toHaveURL(/\/login\?next=\/tools\/wallet$/);
    await page.getByLabel('Email').fill(identity.email);
    await page.getByLabel('Password').fill(identity.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/tools\/wallet$/);
    await expect(page.getByText('No wallets available.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Wallet' }).click();
    const addWallet = page.getByRole('dialog', { name: 'Add Wallet' });
    await addWallet.getByLabel('Wallet Name').fill('  Main  ');
    await addWallet.getByLabel('Wallet Address').fill(ADDRESS);
    await addWallet.getByRole('button', { name: 'Save' }).click();
    await expect(addWallet).toBeHidden();
    await expect(page.getByText('Wallet added.')).toBeVisible();
    const walletRow = page.getByRole('row', { name: /Main/ });
    await expect(walletRow.getByText(SHORT_ADDRESS)).toBeVisible();

    await walletRow.getByRole('button', { name: 'Edit Main' }).click();
    const editWallet = page.getByRole('dialog', { name: 'Edit Wallet' });
    await editWallet.getByLabel('Wallet Name').fill('Main vault');
    await editWallet.getByLabel('Category').fill('Pixels');
    await editWallet.getByRole('button', { name: 'Save' }).click();
    await expect(editWallet).toBeHidden();
    const editedRow = page.getByRole('row', { name: /Main vault/ });
    await expect(editedRow.getByText('Pixels', { exact: true })).toBeVisible();

    await editedRow.getByRole('button', { name: 'Copy the address of Main vault' }).click();
    const toast = page.getByText('Wallet address copied!');
    await expect(toast).toBeVisible();
    expect(await copiedText(page)).toBe(ADDRESS.toLowerCase());
    await expect(toast).toBeHidden({ timeout: 5_000 });

    await editedRow.getByRole('button', { name: 'Delete Main vault' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete wallet?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Wallet deleted.')).toBeVisible();
    await expect(page.getByText('No wallets available.')).toBeVisible();
  });

  for (const width of [360, 1366]) {
    test(`at ${width}px the save and delete toasts leave every control free`, async ({ page }) => {
      await page.setViewportSize({ width, height: 780 });
      const { token } = await signInThroughApi(page);
      for (const n of [1, 2, 3]) {
        const added = await page.request.post('/api/wallets', {
          headers: { authorization: `Bearer ${token}` },
          data: { wallet_name: `Seeded ${n}`, wallet_address: `0x${String(n).repeat(40)}` },
        });
        expect(added.status()).toBe(201);
      }
      await page.goto('/tools/wallet');
      await expect(page.getByRole('row', { name: /Seeded 3/ })).toBeVisible();

      await page.getByRole('button', { name: 'Add Wallet' }).click();
      const addWallet = page.getByRole('dialog', { name: 'Add Wallet' });
      await addWallet.getByLabel('Wallet Name').fill('Main');
      await addWallet.getByLabel('Wallet Address').fill(ADDRESS);
      await addWallet.getByRole('button', { name: 'Save' }).click();
      await expect(addWallet).toBeHidden();
      expect(await controlsUnder(page, 'Wallet added.')).toEqual([]);

      await page.getByRole('button', { name: 'Delete Seeded 1' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete wallet?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toBeHidden();
      expect(await controlsUnder(page, 'Wallet deleted.')).toEqual([]);
    });
  }

  test('the wallet tracker shows the balances the Ronin node holds', async ({ page }) => {
    const { token } = await signInThroughApi(page);
    const added = await page.request.post('/api/wallets', {
      headers: { authorization: `Bearer ${token}` },
      data: { wallet_name: 'Portfolio', wallet_address: E2E_PORTFOLIO_ADDRESS },
    });
    expect(added.status()).toBe(201);
    await page.goto('/tools/wallet');
    const value = page.getByRole('button', { name: 'Tokens of Portfolio' });
    await expect(value).toBeVisible();
    await value.click();
    const tokens = page.getByRole('table', { name: 'Tokens of Portfolio' });
    await expect(tokens.getByRole('row', { name: /^PIXEL 1,234\.5 / })).toBeVisible();
    await expect(tokens.getByRole('row', { name: /^RON 3 / })).toBeVisible();
    await expect(tokens.getByRole('row', { name: /^AXS / })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Show zero balances' }).click();
    await expect(tokens.getByRole('row', { name: /^AXS 0 / })).toBeVisible();
  });

  test('at 390 px the wallet tracker counts the NFTs the node holds, linked to their marketplace', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { token } = await signInThroughApi(page);
    const added = await page.request.post('/api/wallets', {
      headers: { authorization: `Bearer ${token}` },
      data: { wallet_name: 'Collector', wallet_address: E2E_PORTFOLIO_ADDRESS },
    });
    expect(added.status()).toBe(201);
    await page.goto('/tools/wallet');
    const totals = page.getByRole('list', { name: 'NFTs over all wallets' });
    await expect(totals.getByRole('listitem')).toHaveText(['2 Axies', '1 Pixels Farmland plot']);
    await expect(
      page.getByText('NFTs are counted, not valued: values and totals are tokens only.'),
    ).toBeVisible();
    const axies = page
      .getByRole('list', { name: 'NFTs of Collector' })
      .getByRole('link', { name: /^2 Axies of Collector/ });
    await expect(axies).toHaveAttribute(
      'href',
      `https://app.axieinfinity.com/profile/${E2E_PORTFOLIO_ADDRESS}/axies/`,
    );
    await expect(axies).toHaveAttribute('target', '_blank');
    await axies.scrollIntoViewIfNeeded();
    await expect(axies).toBeVisible();
    // The page itself never scrolls sideways; the wallets' table scrolls within its own box.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const summaryBox = await totals.boundingBox();
    expect(summaryBox!.x + summaryBox!.width).toBeLessThanOrEqual(390);
  });

  test('a user adds, edits, opens and deletes a link', async ({ page }) => {
    await signInThroughApi(page);
    await page.goto('/tools/link');
    await expect(page.getByText('No data available.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Link' }).click();
    const addLink = page.getByRole('dialog', { name: 'Add Link' });
    await addLink.getByLabel('Title').fill('Pixels wiki');
    await addLink.getByLabel('URL').fill('https://pixels.example.com/wiki');
    await addLink.getByRole('button', { name: 'Save' }).click();
    await expect(addLink).toBeHidden();

    await page.getByRole('button', { name: 'Edit Pixels wiki' }).click();
    const editLink = page.getByRole('dialog', { name: 'Edit Link' });
    await editLink.getByLabel('Title').fill('Pixels guide');
    await editLink.getByLabel('Category').fill('Guides');
    await editLink.getByRole('button', { name: 'Save' }).click();
    await expect(editLink).toBeHidden();
    const open = page.getByRole('link', { name: 'Open Pixels guide in a new tab' });
    await expect(open).toHaveAttribute('href', 'https://pixels.example.com/wiki');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('row', { name: /Pixels guide/ }).getByText('Guides')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Pixels guide' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete link?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No data available.')).toBeVisible();
  });

  test("one user's wallets and links stay out of another user's tools", async ({ page }) => {
    const owner = await registerThroughApi(page);
    const ownerToken = await tokenThroughApi(page, owner.email, owner.password);
    const headers = { Authorization: `Bearer ${ownerToken}` };
    const wallet = await page.request.post('/api/wallets', {
      headers,
      data: { wallet_name: 'Owner vault', wallet_address: ADDRESS },
    });
    expect(wallet.status(), await wallet.text()).toBe(201);
    const link = await page.request.post('/api/links', {
      headers,
      data: { title: 'Owner guide', url: 'https://owner.example.com' },
    });
    expect(link.status(), await link.text()).toBe(201);

    await signInThroughApi(page);
    await page.goto('/tools/wallet');
    await expect(page.getByText('No wallets available.')).toBeVisible();
    await expect(page.getByText('Owner vault')).toHaveCount(0);
    await page.goto('/tools/link');
    await expect(page.getByText('No data available.')).toBeVisible();
    await expect(page.getByText('Owner guide')).toHaveCount(0);

    // The owner, signed in on the same browser, does see them.
    await page.evaluate((value) => localStorage.setItem('token', value), ownerToken);
    await page.goto('/tools/link');
    await expect(page.getByRole('row', { name: /Owner guide/ })).toBeVisible();
    await page.goto('/tools/wallet');
    await expect(page.getByRole('row', { name: /Owner vault/ })).toBeVisible();
  });

  test('wallets go out as a CSV file and come back in, refused rows named by line', async ({
    page,
  }) => {
    await signInThroughApi(page);
    await page.goto('/tools/wallet');
    await expect(page.getByText('No wallets available.')).toBeVisible();

    const csv = [
      'wallet_name,wallet_address,category',
      `Farm,${ADDRESS},Pixels`,
      'Broken,not-an-address,',
      `Farm again,${ADDRESS.toLowerCase()},`,
    ].join('\n');
    await page
      .getByLabel('Choose a file of wallets to import')
      .setInputFiles({ name: 'wallets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const result = page.getByRole('dialog', { name: 'Import finished' });
    await expect(result.getByText('Imported').locator('xpath=..')).toContainText('1');
    await expect(result.getByText('Skipped').locator('xpath=..')).toContainText('1');
    await expect(result.getByRole('listitem')).toHaveText(/^Line 3: Wallet address must be/);
    await result.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: /Farm/ })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('wallets.csv');
    const stream = await file.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toContain(`Farm,${ADDRESS.toLowerCase()},Pixels`);
  });
});
