import type { Page } from '@playwright/test';
import { loadAppRoutes, type AppRoute, type RouteAccess } from './app-routes.js';
import { expect, test } from './fixtures.js';
import { removeSharedContent, seedLongContent, type LongContent } from './long-content.js';

/*
 * No page may be wider than the screen. Every route of the web app's route table is visited, with
 * content at the longest the fields allow, and rows whose optional fields are empty (an empty cell
 * draws a placeholder and visually hidden text), as a guest and a user (the public pages) or as
 * the role the route asks for, and measured at a small phone's width, a common phone's and a
 * laptop's. A table may scroll inside its own frame; the page itself must never scroll sideways.
 */

const WIDTHS = [360, 390, 1366];
const HEIGHT = 780;

let content: LongContent;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    content = await seedLongContent(api);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    if (content) await removeSharedContent(api, content);
  } finally {
    await api.dispose();
  }
});

/** The address that shows a route: its parameters filled with the long content's rows. */
function addressOf({ pattern }: AppRoute): string {
  const address = pattern.replace(':id', String(content.postId)).replace('*', 'no-such-page');
  if (address.includes(':')) throw new Error(`No sample value for a parameter of ${pattern}`);
  return address;
}

/** The long text a route must show, so that a page which drew nothing cannot pass. */
function longTextOn(pattern: string, as: RouteAccess): string | undefined {
  const c = content;
  const shown: Record<string, string | undefined> = {
    '/': c.gameName,
    '/games': c.gameName,
    '/blogs': c.postTitle,
    '/blogs/:id': c.postTitle,
    '/tools': c.toolName,
    '/tools/wallet': c.walletName,
    '/tools/link': c.linkTitle,
    '/tools/incomepixels': as === 'guest' ? undefined : c.expenseDescription,
    '/tools/incomeaxie': as === 'guest' ? undefined : c.expenseDescription,
    '/dashboard': c.notificationTitle,
    '/admin/games': c.gameName,
    '/admin/blogs': c.postTitle,
    '/admin/tools': c.toolName,
    '/admin/notifications': c.notificationTitle,
  };
  return shown[pattern];
}

/** What an empty cell of a route's table says to assistive technology, so that one is drawn. */
const EMPTY_CELL_TEXT: Record<string, string> = {
  '/tools/wallet': 'No category',
  '/tools/link': 'No category',
};

async function signIn(page: Page, as: RouteAccess) {
  if (as === 'guest') return;
  await page.goto('/about');
  const token = as === 'admin' ? content.adminToken : content.user.token;
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

async function openSettled(page: Page, route: AppRoute, as: RouteAccess) {
  await page.goto(addressOf(route));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const text = longTextOn(route.pattern, as);
  if (text) await expect(page.getByText(text).first()).toBeVisible();
  const empty = EMPTY_CELL_TEXT[route.pattern];
  if (empty && as !== 'guest') await expect(page.getByText(empty).first()).toBeAttached();
}

/**
 * Null when the document fits the window; otherwise its width and the elements that stick out of
 * their parent past the window's right edge, outside any frame that scrolls or clips them: where
 * to look for what widens the page.
 */
function overflowOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    // A page hidden or clipped sideways would hide what this test is looking for.
    for (const element of [root, document.body]) {
      const overflowX = getComputedStyle(element).overflowX;
      if (overflowX !== 'visible') return `${element.tagName} has overflow-x: ${overflowX}`;
    }
    if (root.scrollWidth <= window.innerWidth) return null;
    const framed = (element: Element) => {
      // An absolutely placed box (visually hidden text) is held only by a frame at or outside its
      // containing block, the nearest positioned ancestor: a frame between them does not hold it.
      let placed = getComputedStyle(element).position === 'absolute';
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (placed && style.position === 'static') continue;
        placed = false;
        if (style.overflowX !== 'visible') return true;
      }
      return false;
    };
    const sticksOut = (element: Element) => {
      const right = element.getBoundingClientRect().right;
      // An absolutely placed box sticks out of its containing block, not of its parent.
      const holder =
        getComputedStyle(element).position === 'absolute'
          ? (element as HTMLElement).offsetParent
          : element.parentElement;
      const parentRight = holder?.getBoundingClientRect().right ?? Infinity;
      return right > window.innerWidth + 0.5 && right > parentRight + 0.5 && !framed(element);
    };
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">` +
      ` "${(element.textContent ?? '').slice(0, 30)}"`;
    const culprits = Array.from(document.body.querySelectorAll('*')).filter(sticksOut);
    return `${root.scrollWidth}px wide: ${culprits.slice(0, 4).map(describe).join(', ')}`;
  });
}

/**
 * What overflows once the page has caught up with a new window size: charts measure their frame
 * a moment after a resize, and are drawn at the old size until then.
 */
async function settledOverflowOf(page: Page): Promise<string | null> {
  let problem = await overflowOf(page);
  for (let attempt = 0; problem !== null && attempt < 10; attempt += 1) {
    await page.waitForTimeout(100);
    problem = await overflowOf(page);
  }
  return problem;
}

async function checkRoutes(page: Page, as: RouteAccess, routes: AppRoute[]) {
  const problems: string[] = [];
  await signIn(page, as);
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
    await openSettled(page, route, as);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      const problem = await settledOverflowOf(page);
      if (problem) problems.push(`${addressOf(route)} at ${width}px as ${as}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
}

test.describe('narrow screens', () => {
  let routes: AppRoute[];

  test.beforeAll(async () => {
    routes = await loadAppRoutes();
    expect(routes.length).toBeGreaterThan(20);
  });

  // The public pages are seen signed in too, where the header carries the account menu.
  const cases: [string, RouteAccess, RouteAccess[]][] = [
    ['a guest', 'guest', ['guest']],
    ['a user', 'user', ['guest', 'user']],
    ['an admin', 'admin', ['admin']],
  ];
  for (const [who, as, accesses] of cases) {
    test(`every page fits the screen, seen by ${who}`, async ({ page }) => {
      test.setTimeout(240_000);
      await checkRoutes(
        page,
        as,
        routes.filter((route) => accesses.includes(route.access)),
      );
    });
  }
});
