import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, signUpThroughApi, test, tokenThroughApi } from './fixtures.js';

/** What a phone shows: the footer's links, a game card's name and the admin area's menu. */

const PHONES = [360, 390];
const HEIGHT = 780;

async function signInAsAdmin(page: Page) {
  const token = await tokenThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/about');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return token;
}

/** True when two boxes share any pixel. */
function overlap(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

test.describe('on a phone', () => {
  for (const width of PHONES) {
    test(`at ${width}px the scroll-to-top button leaves the footer's links free`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto('/');
      // The page is at its full height once the games and posts are in.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
      const button = (await page.getByRole('button', { name: 'Scroll to top' }).boundingBox())!;
      const footerLinks = page.getByRole('contentinfo').getByRole('link');
      await expect(footerLinks).toHaveCount(7);
      for (const link of await footerLinks.all()) {
        expect(overlap(button, (await link.boundingBox())!), await link.innerText()).toBe(false);
      }
    });
  }

  test('an empty table says so within the screen, not in the part scrolled out of sight', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.setViewportSize({ width: 390, height: HEIGHT });
    await page.goto('/tools/incomepixels');
    const empty = page.getByText('No records yet. Add your first income to start tracking.');
    await expect(empty).toBeVisible();
    // The table is wider than the phone and scrolls in its frame; the message stays in view.
    const frame = (await page
      .getByRole('table', { name: 'Income Pixels records' })
      .locator('..')
      .boundingBox())!;
    const text = (await empty.boundingBox())!;
    expect(text.x).toBeGreaterThanOrEqual(frame.x);
    expect(text.x + text.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  test('a long game name stays on one line, cut short, and the card keeps to the screen', async ({
    page,
  }) => {
    const token = await tokenThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const name = 'The Extraordinary Chronicles of the Interstellar Farming Guild: Harvest Editions';
    expect(name).toHaveLength(80);
    const res = await page.request.post('/api/games', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { name, description: 'Farm among the stars.', link: 'https://example.com/g' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    try {
      await page.setViewportSize({ width: 390, height: HEIGHT });
      for (const path of ['/', '/games']) {
        await page.goto(path);
        const heading = page.getByRole('heading', { name });
        await expect(heading).toBeVisible();
        const shape = await heading.evaluate((element) => ({
          lines: Math.round(
            element.clientHeight / parseFloat(getComputedStyle(element).lineHeight),
          ),
          cut: element.scrollWidth > element.clientWidth,
          right: Math.round(element.closest('li')!.getBoundingClientRect().right),
          pageWidth: document.documentElement.scrollWidth,
        }));
        expect(shape, path).toEqual({ lines: 1, cut: true, right: 390 - 16, pageWidth: 390 });
      }
    } finally {
      await page.request.delete(`/api/games/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });

  test('the admin menu is a drawer, used with the keyboard, and the page has the whole width', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: HEIGHT });
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    const heading = page.getByRole('heading', { level: 1, name: 'Manage Users' });
    await expect(heading).toBeVisible();
    // No sidebar beside the page: the content starts at the screen's padding.
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
    expect((await heading.boundingBox())!.x).toBeLessThan(32);

    const menuButton = page.getByRole('button', { name: 'Open admin menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await expect(drawer).toBeVisible();
    const focusInDrawer = () =>
      drawer.evaluate((element) => element.contains(document.activeElement));
    expect(await focusInDrawer()).toBe(true);
    // The focus stays in the drawer while it is open.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    await expect(drawer.getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Games' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/games$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Games' })).toBeVisible();

    // A wide screen keeps the sidebar, and has no menu button.
    await page.setViewportSize({ width: 1366, height: HEIGHT });
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await expect(menuButton).toBeHidden();
  });
});
