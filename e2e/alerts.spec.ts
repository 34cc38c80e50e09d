import type { Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, signUpThroughApi, test } from './fixtures.js';

type AlertBody = {
  token: 'PIXEL' | 'AXS' | 'SLP' | 'RON';
  direction: 'above' | 'below';
  currency: 'usd' | 'idr';
  price: number;
  mail?: boolean;
};

async function addAlert(page: Page, token: string, alert: AlertBody) {
  const res = await page.request.post('/api/alerts', {
    headers: { authorization: `Bearer ${token}` },
    data: alert,
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function storedAlerts(page: Page, token: string) {
  const res = await page.request.get('/api/alerts', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: (AlertBody & { id: number })[] }).data;
}

/** The page's width and the right edge of its widest box: a phone scrolls neither sideways. */
function widths(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    widest: Math.max(
      ...Array.from(document.querySelectorAll('main *'), (node) =>
        Math.round(node.getBoundingClientRect().right),
      ),
    ),
  }));
}

const EMPTY = /^No price alerts yet\./;

test.describe('Price alerts', () => {
  test('at 1366px: set up, edit and delete an alert, and switch the income mail on', async ({
    page,
  }) => {
    const { token } = await signUpThroughApi(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Price alerts' }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Price alerts' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your price alerts' });
    await expect(table.getByText(EMPTY)).toBeVisible();
    await expect(page.getByText('0 of 20 alerts')).toBeVisible();

    // The form opens and is filled in from the keyboard.
    await page.getByRole('button', { name: 'New alert' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Token').selectOption('AXS');
    await dialog.getByLabel('When the price').selectOption('below');
    await dialog.getByLabel('Price', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Price must be greater than 0.')).toBeVisible();
    await dialog.getByLabel('Price', { exact: true }).fill('6.5');
    await dialog.getByRole('checkbox', { name: 'Also send me an email' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Alert created.')).toBeVisible();

    const row = table.getByRole('row').filter({ hasText: 'AXS' });
    await expect(row).toContainText('Below $6.50');
    await expect(row).toContainText('Email on');
    await expect(row).toContainText('Watching');
    await expect(row).toContainText('Never');
    await expect(page.getByText('1 of 20 alerts')).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    expect(await storedAlerts(page, token)).toMatchObject([
      { token: 'AXS', direction: 'below', currency: 'usd', price: 6.5, mail: true },
    ]);

    await row.getByRole('button', { name: 'Edit AXS below $6.50' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    await expect(edit.getByLabel('Price', { exact: true })).toHaveValue('6.5');
    await edit.getByLabel('Currency').selectOption('idr');
    await edit.getByLabel('Price', { exact: true }).fill('105000');
    await edit.getByRole('checkbox', { name: 'Also send me an email' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Alert updated.')).toBeVisible();
    await expect(row).toContainText('Below Rp\u00a0105.000');
    await expect(row).toContainText('Email off');
    expect(await storedAlerts(page, token)).toMatchObject([
      { token: 'AXS', direction: 'below', currency: 'idr', price: 105_000, mail: false },
    ]);

    const remove = row.getByRole('button', { name: 'Delete AXS below Rp\u00a0105.000' });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete alert?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await remove.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Alert deleted.')).toBeVisible();
    await expect(table.getByText(EMPTY)).toBeVisible();
    expect(await storedAlerts(page, token)).toEqual([]);

    const toggle = page.getByRole('switch', { name: 'Email me when chain income arrives' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  test('at 390px: cards, the cap of 20, and nothing wider than the screen', async ({ page }) => {
    const { token } = await signUpThroughApi(page);
    await addAlert(page, token, {
      token: 'PIXEL',
      direction: 'above',
      currency: 'usd',
      price: 0.0512,
      mail: true,
    });
    // The longest line a user can set: the IDR maximum.
    await addAlert(page, token, {
      token: 'SLP',
      direction: 'below',
      currency: 'idr',
      price: 19_999_999_999.99,
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/alerts');

    const cards = page.getByRole('list', { name: 'Your price alerts' });
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Your price alerts' })).toBeHidden();
    await expect(cards.getByRole('listitem').first()).toContainText('PIXEL above $0.0512');
    const first = await widths(page);
    expect(first.page).toBe(390);
    expect(first.widest).toBeLessThanOrEqual(390);
    expect(await severeViolations(page)).toEqual([]);

    // Set up, edit and delete from the cards.
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByLabel('Token').selectOption('RON');
    await dialog.getByLabel('Price', { exact: true }).fill('2.75');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const ron = cards.getByRole('listitem').filter({ hasText: 'RON' });
    await expect(ron).toContainText('RON above $2.75');
    await ron.getByRole('button', { name: 'Edit RON above $2.75' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    await edit.getByLabel('Price', { exact: true }).fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(ron).toContainText('RON above $3.00');
    await ron.getByRole('button', { name: 'Delete RON above $3.00' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete alert?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(cards.getByRole('listitem')).toHaveCount(2);

    // Up to the cap: New alert is off and says why.
    for (let count = 2; count < 20; count += 1) {
      await addAlert(page, token, {
        token: 'RON',
        direction: 'above',
        currency: 'usd',
        price: count + 1,
      });
    }
    await page.reload();
    await expect(page.getByText('20 of 20 alerts')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New alert' })).toBeDisabled();
    await expect(
      page.getByText('You have 20 alerts, the most you can keep. Delete one to add another.'),
    ).toBeVisible();
    await expect(cards.getByRole('listitem')).toHaveCount(20);
    const res = await page.request.post('/api/alerts', {
      headers: { authorization: `Bearer ${token}` },
      data: { token: 'RON', direction: 'above', currency: 'usd', price: 99 },
    });
    expect(res.status()).toBe(409);
    const final = await widths(page);
    expect(final.page).toBe(390);
    expect(final.widest).toBeLessThanOrEqual(390);
  });
});
