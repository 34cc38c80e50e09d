import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../../src/modules/seed/seed.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is seeded once: 12 games and 6 posts with pictures, and the five tools', async () => {
    expect(await seedDemoContent({ db: t.db.kysely, engine: t.db.engine })).toBe(true);
    const games = (await t.app.inject({ method: 'GET', url: '/api/games' })).json();
    const blogs = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json();
    const tools = (await t.app.inject({ method: 'GET', url: '/api/tools' })).json();
    expect(games).toHaveLength(12);
    expect(games.slice(0, 2).map((g: { name: string }) => g.name)).toEqual([
      'Pixels',
      'Axie Infinity',
    ]);
    expect(blogs).toHaveLength(6);
    expect(tools.map((tool: { link: string }) => tool.link)).toEqual([
      '/tools/incomeaxie',
      '/tools/incomepixels',
      '/tools/link',
      '/tools/wallet',
      '/tools/market',
    ]);
    for (const item of [...games, ...blogs])
      expect(item.image).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);
    const picture = await t.app.inject({ method: 'GET', url: games[0].image });
    expect(picture.statusCode).toBe(200);
    // Newest first, and every post has a description for its card.
    expect(blogs.map((b: { date: string }) => b.date)).toEqual(
      [...blogs.map((b: { date: string }) => b.date)].sort().reverse(),
    );
    for (const blog of blogs) expect(blog.description).toBeTruthy();
  });

  it('does not come back after the content is deleted', async () => {
    await t.db.kysely.deleteFrom('games').execute();
    expect(await seedDemoContent({ db: t.db.kysely, engine: t.db.engine })).toBe(false);
    expect(await t.db.kysely.selectFrom('games').select('id').execute()).toEqual([]);
  });
});
