import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** The API requests a page makes, as path and query. */
function recordApiRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${url.pathname}${url.search}`);
  });
  return requests;
}

/** The first row a list endpoint answers now, read through the API as a test's reference. */
async function firstRow<T>(page: Page, path: string): Promise<T> {
  const rows = (await (await page.request.get(path)).json()) as T[];
  expect(rows.length, `${path} has rows`).toBeGreaterThan(0);
  return rows[0]!;
}

test.describe('a public page arrives with what it shows first', () => {
  test('the games page draws its games from its HTML, its code preloaded', async ({ page }) => {
    const first = await firstRow<{ name: string }>(page, '/api/games?limit=1');
    const requests = recordApiRequests(page);

    await page.goto('/games');
    await expect(page.getByRole('link', { name: new RegExp(first.name) }).first()).toBeVisible();
    await expect(page.locator('link[rel="modulepreload"][href^="/assets/games-"]')).toHaveCount(1);
    expect(requests.filter((path) => path.startsWith('/api/games'))).toEqual([]);

    // A search is new: it goes to the server.
    await page.getByRole('searchbox').fill(first.name.slice(0, 4));
    await expect.poll(() => requests.some((path) => path.startsWith('/api/games?q='))).toBe(true);
  });

  test("a post's page draws the post from its HTML", async ({ page }) => {
    const post = await firstRow<{ id: number; title: string }>(page, '/api/blogs?limit=1');
    const requests = recordApiRequests(page);

    await page.goto(`/blogs/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(
      page.locator('link[rel="modulepreload"][href^="/assets/blog-detail-"]'),
    ).toHaveCount(1);
    expect(requests).not.toContain(`/api/blogs/${post.id}`);
    // The data element is read once and leaves the document.
    await expect(page.locator('#page-data')).toHaveCount(0);
  });

  test('the tools page draws its tools from its HTML', async ({ page }) => {
    const tool = await firstRow<{ name: string }>(page, '/api/tools');
    const requests = recordApiRequests(page);

    await page.goto('/tools');
    await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
    expect(requests.filter((path) => path.startsWith('/api/tools'))).toEqual([]);
  });

  test('the blog page draws its posts from its HTML', async ({ page }) => {
    const post = await firstRow<{ title: string }>(page, '/api/blogs?limit=1');
    const requests = recordApiRequests(page);

    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: post.title }).first()).toBeVisible();
    expect(requests.filter((path) => path.startsWith('/api/blogs'))).toEqual([]);
  });
});
