import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import {
  createTestApp,
  TEST_ENGINE,
  type TestApp,
  writeWebBuild,
  PLAIN_INDEX_HTML,
} from './support/test-app.js';
import { signInBoth } from './support/accounts.js';
import { bearer, multipart } from './support/content.js';
import {
  contentFor,
  listRoutes,
  type Content,
  pathParam,
  queryString,
  type RouteEntry,
} from './support/hostile-requests.js';

/**
 * Random and adversarial input against every route the app serves, API and pages, reads and
 * writes: wrong types, huge, unicode and control-character strings, lone surrogates, ids past
 * the database's range, deep nesting, prototype-pollution keys, numbers JSON cannot hold,
 * hostile query strings and multipart bodies broken in every way. Whatever arrives, the answer
 * is never a 5xx, an API error is always the error shape, and a refused request changes nothing.
 */
const RUNS_PER_ROUTE = 50;

const TABLES: (keyof Database)[] = [
  'users',
  'games',
  'blogs',
  'tools',
  'uploads',
  'notifications',
  'notification_reads',
  'wallets',
  'links',
  'income_records',
];

/** A digest of every row the API can write (visit counters aside), to prove nothing changed. */
async function checksum(t: TestApp) {
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const rows = await t.db.kysely.selectFrom(table).selectAll().execute();
    const normalised = rows.map((row) =>
      JSON.stringify(row, (_key, value) => (Buffer.isBuffer(value) ? value.length : value)),
    );
    hash.update(`${table}:${rows.length}:${normalised.sort().join('\n')}`);
  }
  return hash.digest('hex');
}

/** A built web app of the smallest kind, so that the page routes and their fallback exist. */
function webBuild() {
  return writeWebBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-hostile-web-')), {
    'index.html': PLAIN_INDEX_HTML,
    'assets/main-abc123.js': 'console.log(1)',
  });
}

type Tried = { requests: number; serverErrors: Record<string, number> };

/** A failed route's error and the request that made it, multipart bodies shown as text. */
function failureOf(details: fc.RunDetails<[string, string, Content]>) {
  const [param, query, content] = details.counterexample ?? [];
  const sent =
    content?.kind === 'multipart'
      ? `${content.form.contentType} ${JSON.stringify(content.form.payload.toString('latin1').slice(0, 200))}`
      : JSON.stringify(content?.body.slice(0, 200));
  return `${String(details.errorInstance).slice(0, 300)} (param ${param}, query ${query}, body ${sent})`;
}

describe(`hostile input on every route on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let webDir: string;
  let tokens: { admin: string; user: string };
  let routes: (RouteEntry & { access: string })[];
  const tried: Tried = { requests: 0, serverErrors: {} };

  beforeAll(async () => {
    webDir = webBuild();
    t = await createTestApp({
      env: {
        PRICE_API_URL: 'http://127.0.0.1:9',
        FX_API_URL: 'http://127.0.0.1:9/fx',
        UPSTREAM_TIMEOUT: '100ms',
        WEB_DIST_DIR: webDir,
      },
    });
    tokens = await signInBoth(t);
    // Something for updates and deletes to aim at.
    await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      payload: { name: 'T', icon: 'wallet', description: 'D' },
      headers: bearer(tokens.admin),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/wallets',
      payload: { wallet_name: 'W', wallet_address: `0x${'a'.repeat(40)}` },
      headers: bearer(tokens.user),
    });
    const access = new Map(t.app.apiRouteTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    // Signing out, or deleting an account, could end a session the other routes are tried with.
    const endsSessions = (route: RouteEntry) =>
      route.url === '/api/logout' || (route.method === 'DELETE' && route.url === '/api/users/:id');
    routes = listRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.method !== 'HEAD')
      .sort((a, b) => Number(endsSessions(a)) - Number(endsSessions(b)))
      .map((route) => ({
        ...route,
        access: access.get(`${route.method} ${route.url}`) ?? 'public',
      }));
  });
  afterAll(async () => {
    console.log(
      `hostile input on ${TEST_ENGINE}: ${tried.requests} requests over ${routes.length} routes, ` +
        `answered 5xx: ${JSON.stringify(tried.serverErrors)}`,
    );
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('covers the API, the pages, the feeds and the uploads', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /',
        'GET /games',
        'GET /blogs/:id',
        'GET /tools',
        'GET /sitemap.xml',
        'GET /rss.xml',
        'GET /uploads/:file',
        'GET /api/games',
        'POST /api/games',
        'POST /api/links/import',
        'PUT /api/income-axie/:id',
      ]),
    );
  });

  it('never answers 5xx, always answers API errors in the error shape, and leaves the database as it was when it refuses', async () => {
    let current = await checksum(t);
    const failures: string[] = [];
    for (const route of routes) {
      const token = route.access === 'admin' ? tokens.admin : tokens.user;
      const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
      const isMultipart = /\/(games|blogs)(\/:id)?$|\/import$/.test(route.url);
      const details = await fc.check(
        fc.asyncProperty(
          pathParam,
          queryString,
          contentFor(route.url, isMultipart),
          async (param, query, content) => {
            const url = `${route.url.replace(/:\w+|\*$/g, () => param)}${query}`;
            let request;
            if (!takesBody) {
              request = { headers: bearer(token) };
            } else if (content.kind === 'multipart') {
              request = {
                payload: content.form.payload,
                headers: { 'content-type': content.form.contentType, ...bearer(token) },
              };
            } else {
              request = {
                payload: content.body,
                headers: { 'content-type': 'application/json', ...bearer(token) },
              };
            }
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              ...request,
              remoteAddress: '10.66.0.1',
            });
            tried.requests += 1;
            const kind = takesBody ? content.kind : 'no body';
            if (res.statusCode >= 500)
              tried.serverErrors[kind] = (tried.serverErrors[kind] ?? 0) + 1;
            const where = `${route.method} ${url.slice(0, 200)}: ${res.body.slice(0, 200)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const isJson = /^application\/json/.test(String(res.headers['content-type']));
              if (route.url.startsWith('/api/') || isJson) {
                expect(typeof res.json().message, where).toBe('string');
              }
              expect(await checksum(t), where).toBe(current);
            } else if (route.method !== 'GET') {
              current = await checksum(t);
            }
            // Whatever was accepted, no prototype was polluted on the way.
            expect(({} as Record<string, unknown>).role).toBeUndefined();
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
      // Every route is tried even after one fails, so that one run shows every failure.
      if (details.failed) failures.push(failureOf(details));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a JSON body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json', ...bearer(tokens.admin) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('refuses a multipart form with 415 where the route reads JSON', async () => {
    const before = await checksum(t);
    for (const url of ['/api/tools', '/api/wallets', '/api/login']) {
      const form = await multipart({ name: 'Tool', email: 'a@example.com', password: 'x' });
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(tokens.admin) },
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json()).toEqual({ message: 'This content type is not supported.' });
    }
    expect(await checksum(t)).toBe(before);
  });
});
