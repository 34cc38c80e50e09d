import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers/test-app.js';
import { pngImage, sendForm, signInBoth } from './helpers/content.js';

describe('pages for search engines and link previews', () => {
  let database: TestDatabase;
  let app: App;
  let blogId: number;
  let image: string;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const distDir = path.join(database.dataDir, 'web-dist');
    fs.mkdirSync(distDir, { recursive: true });
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><meta name="application-name" content="NexusPlay"><title>NexusPlay</title></head><body><div id="root"></div></body></html>',
    );
    app = await buildApp({
      config: {
        ...testConfig(database.dataDir),
        webDistDir: distDir,
        publicUrl: 'https://play.example.com',
      },
      db: database.db,
    });
    await app.ready();
    ({ admin } = await signInBoth({
      app,
      db: database.db,
      config: app.config,
      close: async () => {},
    }));
    const res = await sendForm(
      app,
      'POST',
      '/api/blogs',
      admin,
      {
        title: 'Guide: "Safe" wallets & <you>',
        content: '<p>Keep your seed phrase offline. Never share it.</p>',
        author: 'Dimas',
        date: '2026-06-01',
      },
      { name: 'image', bytes: await pngImage(), filename: 'w.png' },
    );
    ({ id: blogId, image } = res.json());
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('gives a post its title, description and Open Graph tags in the served HTML, escaped', async () => {
    const res = await app.inject({ method: 'GET', url: `/blogs/${blogId}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>Guide: &quot;Safe&quot; wallets &amp; &lt;you&gt; | NexusPlay</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Keep your seed phrase offline. Never share it.">',
    );
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(
      `<meta property="og:url" content="https://play.example.com/blogs/${blogId}">`,
    );
    expect(html).toContain(`<meta property="og:image" content="https://play.example.com${image}">`);
    // The cover is the first thing the article shows: the browser fetches it beside the code.
    expect(html).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high">`);
    expect(html).not.toContain('<you>');
  });

  it('answers the plain page for an unknown post, and titles the games list', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/blogs/999999' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>NexusPlay</title>');
    const games = await app.inject({ method: 'GET', url: '/games' });
    expect(games.body).toContain('<title>Explore Our Games | NexusPlay</title>');
    expect(games.body).toContain(
      '<meta property="og:url" content="https://play.example.com/games">',
    );
  });

  it('publishes a sitemap and an RSS feed that follow new posts', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://play.example.com/games</loc>');
    expect(sitemap.body).toContain(`<loc>https://play.example.com/blogs/${blogId}</loc>`);

    const rss = await app.inject({ method: 'GET', url: '/rss.xml' });
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(rss.body).toContain('<title>Guide: &quot;Safe&quot; wallets &amp; &lt;you&gt;</title>');
    expect(rss.body).toContain('<pubDate>Mon, 01 Jun 2026 00:00:00 GMT</pubDate>');

    await app.inject({
      method: 'DELETE',
      url: `/api/blogs/${blogId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(
      `/blogs/${blogId}<`,
    );
  });
});
