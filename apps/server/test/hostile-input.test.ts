import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/modules/users/first-admin.js';
import type { Database } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { loginToken, newIdentity, registerUser } from './helpers/accounts.js';
import { bearer, multipart } from './helpers/content.js';

/**
 * Random and adversarial input against every write route: wrong types, huge and unicode
 * strings, deep nesting, prototype-pollution keys, numbers JSON cannot hold. Whatever arrives,
 * the answer is never a 5xx, always the error shape, and a refused request changes nothing.
 */
const RUNS_PER_ROUTE = 25;

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

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    '\u0000',
    '😀'.repeat(50),
    'javascript:alert(1)',
    '<img src=x onerror=alert(1)>',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
  ),
  fc.string({ minLength: 3000, maxLength: 6000 }),
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e21),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A body that may use the route's real field names, so validation is reached past the shape. */
const FIELDS = [
  'name',
  'title',
  'description',
  'content',
  'link',
  'url',
  'icon',
  'author',
  'date',
  'email',
  'username',
  'password',
  'role',
  'message',
  'ids',
  'path',
  'wallet_name',
  'wallet_address',
  'category',
  'user_id',
  'income',
  'pixels',
  'axs',
  'expense',
  'expense_type',
  'expense_description',
  '__proto__',
  'constructor',
];

const jsonBody = fc.oneof(
  fc
    .dictionary(fc.constantFrom(...FIELDS), nastyValue, { maxKeys: 8 })
    .map((body) => JSON.stringify(body)),
  nastyValue.map((value) => JSON.stringify(value) ?? 'null'),
  // What JSON.stringify can never produce: out-of-range numbers, deep nesting, pollution.
  fc.constantFrom(
    '{"income": 1e309, "expense": -1e309}',
    '{"pixels": -0, "date": "2026-02-29"}',
    '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    '{"ids": [1, 2, "3", null]}',
    '{',
    '',
  ),
);

const pathParam = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
  nastyString.map((text) => encodeURIComponent(text).slice(0, 300) || 'x'),
  fc.constantFrom('1e3', '0x10', '-0', '1.5', 'NaN', 'Infinity', '%E0%A4%A', '__proto__'),
);

describe('hostile input on every write route', () => {
  let t: TestApp;
  let tokens: { admin: string; user: string };
  let routes: { method: string; url: string; access: string }[];
  let tried = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PRICE_API_URL: 'http://127.0.0.1:9',
        FX_API_URL: 'http://127.0.0.1:9/fx',
        UPSTREAM_TIMEOUT: '100ms',
      },
    });
    const admin = newIdentity('hostile');
    await createAdmin(t.db.kysely, admin);
    const user = await registerUser(t.app);
    tokens = {
      admin: await loginToken(t.app, admin.email, admin.password),
      user: await loginToken(t.app, user.email, user.password),
    };
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
    routes = t.app.apiRouteTable.filter((route) => route.method !== 'GET');
  });
  afterAll(async () => {
    console.log(`hostile input: ${tried} requests over ${routes.length} write routes`);
    await t.close();
  });

  it('never answers 5xx, always answers in the error shape, and leaves the database as it was when it refuses', async () => {
    for (const route of routes) {
      const token = route.access === 'admin' ? tokens.admin : tokens.user;
      const isMultipart =
        /\/(games|blogs)(\/:id)?$|\/import$/.test(route.url) && route.method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(
          pathParam,
          jsonBody,
          fc.dictionary(fc.constantFrom(...FIELDS), fc.string({ maxLength: 300 }), { maxKeys: 6 }),
          fc.boolean(),
          async (param, body, fields, asMultipart) => {
            const url = route.url.replace(':id', param);
            const before = await checksum(t);
            let request;
            if (isMultipart && asMultipart) {
              const form = await multipart(fields);
              request = { payload: form.payload, headers: { ...form.headers, ...bearer(token) } };
            } else {
              request = {
                payload: body,
                headers: { 'content-type': 'application/json', ...bearer(token) },
              };
            }
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              ...request,
              remoteAddress: '10.66.0.1',
            });
            tried += 1;
            expect(
              res.statusCode,
              `${route.method} ${url}: ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const answer = res.json();
              expect(typeof answer.message).toBe('string');
              expect(await checksum(t)).toBe(before);
            }
            // Whatever was accepted, no prototype was polluted on the way.
            expect(({} as Record<string, unknown>).role).toBeUndefined();
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 240_000);

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
