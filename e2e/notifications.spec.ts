import type { Page } from '@playwright/test';
import {
  E2E_ADMIN,
  expect,
  newIdentity,
  registerThroughApi,
  test,
  tokenThroughApi,
} from './fixtures.js';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function useToken(page: Page, token: string | null) {
  await page.evaluate(
    (value) =>
      value === null ? localStorage.removeItem('token') : localStorage.setItem('token', value),
    token,
  );
}

async function signInAsAdmin(page: Page) {
  const token = await tokenThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/about');
  await useToken(page, token);
}

/** Every notification is unread for a new account, so its badge counts them all. */
async function notificationCount(page: Page, token: string) {
  const res = await page.request.get('/api/notifications', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

test.describe('notifications', () => {
  test('an admin posts one; a user sees the badge, reads it on the dashboard and the badge clears', async ({
    page,
  }) => {
    const title = `Turnamen ${newIdentity('t').username}`;
    await signInAsAdmin(page);
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Kelola Notifikasi' })).toBeVisible();
    await page.getByLabel('Judul').fill(title);
    await page.getByLabel('Pesan').fill('Daftar sebelum Jumat malam.');
    await page.getByRole('button', { name: 'Buat Notifikasi' }).click();
    await expect(page.getByText('Notifikasi berhasil dibuat.')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: title })).toBeVisible();
    await expect(page.getByLabel('Judul')).toHaveValue('');

    const player = await registerThroughApi(page);
    const token = await tokenThroughApi(page, player.email, player.password);
    const unread = await notificationCount(page, token);
    expect(unread).toBeGreaterThan(0);
    await useToken(page, token);
    await page.goto('/games');
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    await expect(menuButton).toHaveAccessibleName(
      `Account menu for ${player.username}, ${unread} unread notifications`,
    );
    await expect(menuButton).toContainText(String(unread));

    const markedRead = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/notifications/read') &&
        response.request().method() === 'POST',
    );
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const feed = page.getByRole('region', { name: 'Notifikasi' });
    const item = feed.getByRole('article').filter({ hasText: title });
    await expect(item).toContainText('Daftar sebelum Jumat malam.');
    await expect(item.getByText('Baru', { exact: true })).toBeVisible();
    await expect(menuButton).toHaveAccessibleName(`Account menu for ${player.username}`);

    // Read on the server too: a fresh visit has nothing new and no badge.
    expect((await markedRead).status()).toBe(200);
    await page.reload();
    await expect(feed.getByRole('article').filter({ hasText: title })).toBeVisible();
    await expect(feed.getByText('Baru', { exact: true })).toHaveCount(0);
    await expect(menuButton).toHaveAccessibleName(`Account menu for ${player.username}`);
  });
});

test.describe('users', () => {
  test('an admin creates an account in Manage Users whose one-time password signs in', async ({
    page,
  }) => {
    const identity = newIdentity('made');
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('dialog', { name: 'Add New User' });
    await form.getByLabel('Username').fill(identity.username);
    await form.getByLabel('Email').fill(identity.email);
    await form.getByRole('button', { name: 'Save' }).click();

    const created = page.getByRole('dialog', { name: 'User Created' });
    const passwordField = created.getByLabel(`Password for ${identity.username}`);
    await expect(passwordField).not.toHaveValue('');
    const password = await passwordField.inputValue();
    await expect(created.getByText(/will not be shown again/)).toBeVisible();
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(identity.username);
    await expect(page.getByRole('cell', { name: identity.email })).toBeVisible();

    await useToken(page, null);
    await page.goto('/login');
    await page.getByLabel('Email').fill(identity.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Account menu for ${identity.username}`) }),
    ).toBeVisible();
  });
});

test.describe('site statistics', () => {
  // Headless Chromium names itself in its user agent, and the server does not count bots.
  test.use({ userAgent: CHROME_UA });

  test('public page views are counted and the admin dashboard draws its figures', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    const today = page.getByText('Visitors Today', { exact: true }).locator('xpath=..');
    await expect(today.locator('dd')).toHaveText(/^\d[\d,]*$/);
    const before = Number((await today.locator('dd').textContent())?.replaceAll(',', ''));

    const counted = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/visits') && response.request().method() === 'POST',
    );
    await page.goto('/games');
    expect((await counted).status()).toBe(204);

    await page.goto('/admin/dashboard');
    await expect(today.locator('dd')).toHaveText(/^\d[\d,]*$/);
    const after = Number((await today.locator('dd').textContent())?.replaceAll(',', ''));
    expect(after).toBeGreaterThanOrEqual(Math.max(before, 1));
    for (const name of ['Website Visits', 'User Growth', 'User Distribution']) {
      await expect(
        page.getByRole('figure', { name }).locator('svg.recharts-surface').first(),
      ).toBeVisible();
    }
    await expect(
      page.getByRole('region', { name: 'Latest Articles' }).getByRole('link'),
    ).not.toHaveCount(0);
  });
});
