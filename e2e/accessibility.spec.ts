import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, registerThroughApi, test, tokenThroughApi } from './fixtures.js';

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

const SEVERE = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, one line per element. */
async function severeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary}`,
      ),
    );
}

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
});
