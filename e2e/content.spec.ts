import sharp from 'sharp';
import { E2E_ADMIN, expect, test, tokenThroughApi } from './fixtures.js';

const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('content management', () => {
  test.beforeEach(async ({ page }) => {
    const token = await tokenThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/about');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
  });

  test('an admin adds a game with a picture and a blog post, and both lead the home page', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const gameName = `Nebula Farmers ${tag}`;
    const postTitle = `Season launch notes ${tag}`;
    const png = await sharp({
      create: { width: 320, height: 180, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();

    await page.goto('/admin/games');
    await page.getByRole('button', { name: 'Add Game' }).click();
    const gameDialog = page.getByRole('dialog', { name: 'Add Game' });
    await gameDialog.getByLabel('Name').fill(gameName);
    await gameDialog.getByLabel('Description').fill('Grow crops among the stars with friends.');
    await gameDialog.getByLabel('Link').fill('https://example.com/nebula');
    await gameDialog
      .getByLabel('Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await gameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(gameDialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(gameName) })).toBeVisible();

    await page.goto('/admin/blogs');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    const blogDialog = page.getByRole('dialog', { name: 'Add Blog' });
    await blogDialog.getByLabel('Title').fill(postTitle);
    const editor = blogDialog.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('The new season brings shared farms.');
    await blogDialog.getByLabel('Author').fill('Rina');
    await blogDialog.getByLabel('Date').fill(new Date().toISOString().slice(0, 10));
    await blogDialog.getByRole('button', { name: 'Save' }).click();
    await expect(blogDialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(postTitle) })).toBeVisible();

    await page.goto('/');
    const games = page.getByRole('region', { name: 'Popular Web 3 Games' });
    const gameCard = games.getByRole('link', { name: new RegExp(gameName) });
    await expect(gameCard).toBeVisible();
    await expect(gameCard).toHaveAttribute('href', 'https://example.com/nebula');
    const picture = gameCard.locator('img').first();
    await expect(picture).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}\.webp$/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const posts = page.getByRole('region', { name: 'Latest Updates and Insights' });
    await expect(posts.getByText(postTitle)).toBeVisible();

    await posts.getByText(postTitle).click();
    await expect(page).toHaveURL(/\/blogs\/\d+$/);
    await expect(page.getByRole('heading', { name: postTitle })).toBeVisible();
    await expect(
      page.getByRole('article').getByText('The new season brings shared farms.'),
    ).toBeVisible();

    // Deleting the game: a confirmation, then the spec's text in the toast, then it is gone from the site.
    await page.goto('/admin/games');
    await page
      .getByRole('row', { name: new RegExp(gameName) })
      .getByRole('button', { name: /Delete/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByText('Game deleted successfully!')).toBeVisible();
    await page.goto('/games');
    await expect(page.getByRole('heading', { name: 'Explore Our Games' })).toBeVisible();
    await expect(page.getByText(gameName)).toHaveCount(0);
  });

  test('stored script in a post never runs on any page that shows it', async ({ page }) => {
    const token = await tokenThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const res = await page.request.post('/api/blogs', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        title: `<img src=x onerror="window.__xss=1"> Hostile ${uniqueTag()}`,
        content:
          '<p>Safe text</p><img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=1</script><a href="javascript:window.__xss=1">link</a>',
        description: '<b>bold</b><img src=x onerror="window.__xss=1">',
        author: '<svg onload="window.__xss=1">',
        date: new Date().toISOString().slice(0, 10),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };

    for (const path of [`/blogs/${id}`, '/blogs', '/']) {
      await page.goto(path);
      await expect(
        page
          .getByText('Safe text')
          .or(page.getByText(/Hostile/))
          .first(),
      ).toBeVisible();
    }
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(dialogs).toBe(0);
  });
});
