import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import {
  createTestDatabase,
  createTestApp,
  testConfig,
  type TestApp,
  type TestDatabase,
  writeWebBuild,
} from '../support/test-app.js';

describe('health, OpenAPI and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the engine in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.db.engine });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/me', '/api/health']),
    );
    expect(doc.paths['/api/register'].post.requestBody).toBeDefined();
  });

  it('sends an API answer the headers of an API: no content, no framing, nosniff', async () => {
    for (const url of ['/api/health', '/api/games', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      // The headers that govern a document have nothing to govern in JSON.
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('keeps the page headers on the OpenAPI UI under /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).not.toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('answers an unknown API path with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/nothing-here.' });
  });

  it('answers an unsupported content type with 415 and an oversized body with 413', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'This content type is not supported.' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(300 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request body is too large.' });
  });
});

describe('serving the built web app', () => {
  let database: TestDatabase;
  let app: App;
  let distDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    distDir = writeWebBuild(database.dataDir, {
      'index.html':
        '<!doctype html><html><head><meta name="application-name" content="NexusPlay"><title>NexusPlay</title></head><body><div id="root"><header><a href="/" data-site-name\n>NexusPlay</a\n></header></div></body></html>',
      'assets/main-abc123.js': 'console.log(1)',
    });
    const config = {
      ...testConfig(database.dataDir),
      webDistDir: distDir,
      siteName: 'Arena <&> Hub',
    };
    app = await buildApp({ config, db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each(['/', '/about', '/blogs/not-a-number', '/admin/users', '/no/such/page'])(
    'answers %s with index.html carrying the escaped site name',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<meta name="application-name" content="Arena &lt;&amp;&gt; Hub">',
      );
      expect(res.body).toContain('<title>Arena &lt;&amp;&gt; Hub</title>');
      expect(res.body).toContain('<a href="/" data-site-name\n>Arena &lt;&amp;&gt; Hub</a\n>');
      expect(res.body).not.toContain('NexusPlay');
    },
  );

  it('sends the pages a strict Content-Security-Policy without inline scripts', async () => {
    for (const url of ['/', '/assets/main-abc123.js']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('serves hashed assets with a year of immutable caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset or API path with 404, not the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/index.html' })).body).toContain(
      'Arena &lt;&amp;&gt; Hub',
    );
  });
});
