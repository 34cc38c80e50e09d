import type { Locator, Page } from '@playwright/test';
import {
  E2E_ADMIN,
  E2E_PORTFOLIO_ADDRESS,
  expect,
  registerThroughApi,
  test,
  tokenThroughApi,
} from './fixtures.js';
import { severeViolations } from './axe.js';

/**
 * axe-core on every screen of the app, as a guest, a user and an admin: no serious or critical
 * violation anywhere. Each page is checked once its content has arrived.
 */

const PUBLIC_PAGES = [
  '/',
  '/games',
  '/blogs',
  '/blogs/1',
  '/about',
  '/tools',
  '/tools/incomeaxie',
  '/tools/incomepixels',
  '/tools/market',
  '/unauthorized',
  '/no-such-page',
  '/login',
  '/register',
];
const USER_PAGES = [
  '/dashboard',
  '/activity',
  '/alerts',
  '/tools/wallet',
  '/tools/link',
  '/tools/incomeaxie',
  '/tools/incomepixels',
];
const ADMIN_PAGES = [
  '/admin',
  '/admin/users',
  '/admin/blogs',
  '/admin/games',
  '/admin/tools',
  '/admin/notifications',
  '/admin/no-such-page',
];

async function openSettled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lists, counts and pictures arrive after the heading; axe should see them too.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function checkPages(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await openSettled(page, path);
    const violations = await severeViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  expect(found).toEqual({});
}

async function signIn(page: Page, email: string, password: string) {
  const token = await tokenThroughApi(page, email, password);
  await page.goto('/about');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/** How a dialog is closed: Escape, or a button of its own (Cancel, Save...). */
type Closer = 'Escape' | { button: string; fill?: (dialog: Locator) => Promise<void> };

/**
 * Opens the dialog from its opener with the keyboard and closes it each way given: after each, the
 * focus is back on the opener, not dropped to the page body.
 */
async function checkFocusReturns(page: Page, opener: Locator, closers: Closer[]) {
  for (const closer of closers) {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
    await expect(dialog).toBeVisible();
    if (closer === 'Escape') {
      await page.keyboard.press('Escape');
    } else {
      await closer.fill?.(dialog);
      await dialog.getByRole('button', { name: closer.button, exact: true }).click();
    }
    await expect(dialog).toHaveCount(0);
    const label = `${await opener.textContent()} after ${closer === 'Escape' ? 'Escape' : closer.button}`;
    await expect(opener, label).toBeFocused();
  }
}

const CANCEL_AND_ESCAPE: Closer[] = ['Escape', { button: 'Cancel' }];

test.describe('accessibility', () => {
  // Each test opens and scans several pages with axe (the public walk, ten or so): on a slow
  // machine that went past the 30 s a test of one page is given.
  test.describe.configure({ timeout: 90_000 });

  test('the public pages, as a guest', async ({ page }) => {
    await checkPages(page, PUBLIC_PAGES);
  });

  test('the sign-in modal and the mobile menu', async ({ page }) => {
    await openSettled(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });

  test("a user's pages", async ({ page }) => {
    const identity = await registerThroughApi(page);
    await signIn(page, identity.email, identity.password);
    await checkPages(page, USER_PAGES);
  });

  test('the admin area', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await checkPages(page, ADMIN_PAGES);
  });

  test("a user's dialogs give the focus back to what opened them", async ({ page }) => {
    const identity = await registerThroughApi(page);
    const token = await tokenThroughApi(page, identity.email, identity.password);
    const headers = { authorization: `Bearer ${token}` };
    const wallet = await page.request.post('/api/wallets', {
      headers,
      data: { wallet_name: 'Focus vault', wallet_address: E2E_PORTFOLIO_ADDRESS },
    });
    expect(wallet.status(), await wallet.text()).toBe(201);
    const link = await page.request.post('/api/links', {
      headers,
      data: { title: 'Focus guide', url: 'https://focus.example.com' },
    });
    expect(link.status(), await link.text()).toBe(201);
    const alert = await page.request.post('/api/alerts', {
      headers,
      data: { token: 'PIXEL', direction: 'above', currency: 'usd', price: 0.05 },
    });
    expect(alert.status(), await alert.text()).toBe(201);
    await signIn(page, identity.email, identity.password);

    await openSettled(page, '/tools/wallet');
    for (const name of ['Add Wallet', 'Edit Focus vault', 'Delete Focus vault']) {
      await checkFocusReturns(
        page,
        page.getByRole('button', { name, exact: true }),
        CANCEL_AND_ESCAPE,
      );
    }

    await openSettled(page, '/tools/link');
    const saveLink = (title: string) => ({
      button: 'Save',
      fill: async (dialog: Locator) => {
        await dialog.getByLabel('Title').fill(title);
        await dialog.getByLabel('URL').fill('https://saved.example.com');
      },
    });
    await checkFocusReturns(page, page.getByRole('button', { name: 'Add Link', exact: true }), [
      ...CANCEL_AND_ESCAPE,
      saveLink('Saved guide'),
    ]);
    await checkFocusReturns(page, page.getByRole('button', { name: 'Edit Focus guide' }), [
      ...CANCEL_AND_ESCAPE,
      saveLink('Focus guide'),
    ]);
    await checkFocusReturns(
      page,
      page.getByRole('button', { name: 'Delete Focus guide' }),
      CANCEL_AND_ESCAPE,
    );

    await openSettled(page, '/tools/incomepixels');
    await checkFocusReturns(
      page,
      page.getByRole('button', { name: 'Add Income', exact: true }),
      CANCEL_AND_ESCAPE,
    );

    await openSettled(page, '/alerts');
    for (const name of ['New alert', 'Edit PIXEL above $0.05', 'Delete PIXEL above $0.05']) {
      await checkFocusReturns(
        page,
        page.getByRole('button', { name, exact: true }),
        CANCEL_AND_ESCAPE,
      );
    }

    await openSettled(page, '/account');
    for (const name of ['Sign out everywhere', 'Delete my account']) {
      await checkFocusReturns(
        page,
        page.getByRole('button', { name, exact: true }),
        CANCEL_AND_ESCAPE,
      );
    }
  });

  test("the admin area's dialogs give the focus back to what opened them", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const [path, add] of [
      ['/admin/users', 'Add User'],
      ['/admin/blogs', 'Add Blog'],
      ['/admin/games', 'Add Game'],
      ['/admin/tools', 'Add Tool'],
    ] as const) {
      await openSettled(page, path);
      await checkFocusReturns(
        page,
        page.getByRole('button', { name: add, exact: true }),
        CANCEL_AND_ESCAPE,
      );
      const table = page.getByRole('table');
      for (const action of [/^Edit /, /^Delete /]) {
        await checkFocusReturns(
          page,
          table.getByRole('button', { name: action }).first(),
          CANCEL_AND_ESCAPE,
        );
      }
    }

    const noteTitle = `Fokus ${Date.now()}`;
    const notification = await page.request.post('/api/admin-notifications', {
      headers: {
        authorization: `Bearer ${await tokenThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password)}`,
      },
      data: { title: noteTitle, message: 'Fokus kembali ke tombol pembukanya.' },
    });
    expect(notification.status(), await notification.text()).toBe(201);
    await openSettled(page, '/admin/notifications');
    await checkFocusReturns(page, page.getByRole('button', { name: `Hapus ${noteTitle}` }), [
      'Escape',
      { button: 'Batal' },
    ]);
  });
});
