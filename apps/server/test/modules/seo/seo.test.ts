import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app.js';
import {
  createTestDatabase,
  testConfig,
  type TestDatabase,
  writeWebBuild,
  PLAIN_INDEX_HTML,
} from '../../support/test-app.js';
import { signInBoth } from '../../support/accounts.js';
import { pngImage, sendForm } from '../../support/content.js';

describe('pages for search engines and link previews', () => {
  let database: TestDatabase;
  let app: App;
  let blogId: number;
  let image: string;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const distDir = writeWebBuild(database.dataDir, {
      'index.html':
        '<!doctype html><html><head><meta name="application-name" content="NexusPlay"><title>NexusPlay</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
      // The build's manifest: each page's code and what it imports that the entry does not.
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
        '_framework-1.js': { file: 'assets/framework-1.js' },
        '_list-1.js': { file: 'assets/list-1.js', imports: ['_framework-1.js'] },
        'src/app/routes/games.tsx': {
          file: 'assets/games-1.js',
          isDynamicEntry: true,
          imports: ['_framework-1.js', 'index.html', '_list-1.js'],
        },
        'src/app/routes/blog-detail.tsx': {
          file: 'assets/blog-detail-1.js',
          isDynamicEntry: true,
          imports: ['index.html'],
        },
      }),
    });
    app = await buildApp({
      config: {
        ...testConfig(database.dataDir),
        webDistDir: distDir,
        publicUrl: 'https://play.example.com',
      },
      db: database.db,
    });
    await app.ready();
    ({ admin } = await signInBoth({ app, db: database.db }));
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

  /** The API answers a page's HTML carries, by path. */
  function pageData(html: string): Record<string, { body: unknown; total?: number }> {
    const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
    if (!match) throw new Error('the page carries no data');
    return JSON.parse(match[1]!) as Record<string, { body: unknown; total?: number }>;
  }

  it('carries the first page of games as the API answers it, and preloads its code and first picture', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const created = await sendForm(
      app,
      'POST',
      '/api/games',
      admin,
      { name: hostile, description: 'A <b>bold</b> game', link: 'https://example.com/play' },
      { name: 'image', bytes: await pngImage(), filename: 'g.png' },
    );
    expect(created.statusCode).toBe(201);
    const game = created.json<{ id: number; image: string }>();

    const page = await app.inject({ method: 'GET', url: '/games' });
    expect(page.statusCode).toBe(200);
    // Nothing in the data closes its element or opens a comment.
    expect(page.body).not.toContain(hostile);
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    const api = await app.inject({ method: 'GET', url: '/api/games?limit=24&offset=0' });
    expect(pageData(page.body)).toEqual({
      '/games?limit=24&offset=0': {
        body: JSON.parse(api.body),
        total: Number(api.headers['x-total-count']),
      },
    });
    expect(JSON.parse(api.body)[0]).toMatchObject({ id: game.id, name: hostile });
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="${game.image}" fetchpriority="high">`,
    );
    // The page's own code and the chunk it shares, not the code the entry loads anyway.
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/games-1.js">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/list-1.js">');
    expect(page.body).not.toContain('href="/assets/framework-1.js"');

    // A write shows in the next page at once: the page reads the API's cache, which it empties.
    await app.inject({
      method: 'DELETE',
      url: `/api/games/${game.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const after = pageData((await app.inject({ method: 'GET', url: '/games' })).body);
    const games = after['/games?limit=24&offset=0']!.body as Array<{ id: number }>;
    expect(games.map((g) => g.id)).not.toContain(game.id);
  });

  it('carries a post as the API answers it, and the tools on the tools page', async () => {
    const page = await app.inject({ method: 'GET', url: `/blogs/${blogId}` });
    const api = await app.inject({ method: 'GET', url: `/api/blogs/${blogId}` });
    expect(pageData(page.body)).toEqual({ [`/blogs/${blogId}`]: { body: api.json() } });
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/blog-detail-1.js">',
    );

    const tools = await app.inject({ method: 'GET', url: '/tools' });
    expect(tools.body).toContain('<title>Gaming Tools | NexusPlay</title>');
    const toolsApi = await app.inject({ method: 'GET', url: '/api/tools' });
    expect(pageData(tools.body)).toEqual({
      '/tools': { body: toolsApi.json(), total: Number(toolsApi.headers['x-total-count']) },
    });

    const blogs = await app.inject({ method: 'GET', url: '/blogs' });
    const blogsApi = await app.inject({ method: 'GET', url: '/api/blogs?limit=12&offset=0' });
    expect(pageData(blogs.body)['/blogs?limit=12&offset=0']?.body).toEqual(blogsApi.json());
  });

  it('sends a page compressed to a client that accepts it, and a changed page anew', async () => {
    const page = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/games',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const addGame = async (name: string) => {
      const res = await sendForm(app, 'POST', '/api/games', admin, {
        name,
        description: `${name} is a game about farming, trading and exploring with friends. `.repeat(
          8,
        ),
        link: 'https://example.com/play',
      });
      expect(res.statusCode).toBe(201);
    };
    await addGame('Compressed Quest');

    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await page('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect((await page('br;q=0, identity')).headers['content-encoding']).toBeUndefined();

    // The encoded page is kept for the same text only: a write shows in the next one.
    await addGame('Second Compressed Quest');
    const after = brotliDecompressSync((await page('br')).rawPayload).toString('utf8');
    expect(after).not.toBe(plain.body);
    expect(after).toBe((await page()).body);
    expect(after).toContain('Second Compressed Quest');

    // A page under a kilobyte goes as it is: compressing it would save less than a packet.
    const small = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toContain('<title>NexusPlay</title>');
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

describe('absolute links without PUBLIC_URL', () => {
  let database: TestDatabase;
  let app: App;
  const hostile = {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const distDir = writeWebBuild(database.dataDir, { 'index.html': PLAIN_INDEX_HTML });
    // Behind a proxy the forwarded headers are believed for client addresses, not for links.
    const config = testConfig(database.dataDir, { PORT: '8080', TRUST_PROXY: '1' });
    app = await buildApp({ config: { ...config, webDistDir: distDir }, db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('come from the server’s own settings, never from the request’s Host', async () => {
    const base = 'http://localhost:8080';
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: hostile });
    expect(sitemap.body).toContain(`<loc>${base}/games</loc>`);
    const rss = await app.inject({ method: 'GET', url: '/rss.xml', headers: hostile });
    expect(rss.body).toContain(`<link>${base}/blogs</link>`);
    const games = await app.inject({ method: 'GET', url: '/games', headers: hostile });
    expect(games.body).toContain(`<meta property="og:url" content="${base}/games">`);
    for (const res of [sitemap, rss, games]) expect(res.body).not.toContain('evil.example');
  });
});
