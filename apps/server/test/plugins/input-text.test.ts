import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import {
  createTestDatabase,
  testConfig,
  TEST_ENGINE,
  type TestDatabase,
  writeWebBuild,
  PLAIN_INDEX_HTML,
} from '../support/test-app.js';
import {
  loginToken,
  newIdentity,
  registerUser,
  signInBoth,
  type Tokens,
} from '../support/accounts.js';
import { apiCall, bearer, multipart, sendForm } from '../support/content.js';

/** One rule for text at the boundary: control characters are refused, the same on both engines. */
const CONTROL = [
  ['NUL', 'a\u0000b'],
  ['an escape', 'a\u001bb'],
  ['DEL', 'a\u007fb'],
  ['a C1 control', 'a\u0085b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', 'a\udc00b'],
] as const;

const refusal = (field: string) => {
  const message = `${field} must not contain control characters.`;
  return { message, errors: { [field]: message } };
};

const COUNTED: (keyof Database)[] = [
  'users',
  'tools',
  'wallets',
  'links',
  'notifications',
  'notification_reads',
  'income_records',
  'games',
  'blogs',
  'page_views_daily',
];

describe(`control characters and ids at the boundary on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  let app: App;
  let tokens: Tokens;

  beforeAll(async () => {
    database = await createTestDatabase();
    const distDir = writeWebBuild(database.dataDir, { 'index.html': PLAIN_INDEX_HTML });
    app = await buildApp({
      config: { ...testConfig(database.dataDir), webDistDir: distDir },
      db: database.db,
    });
    await app.ready();
    tokens = await signInBoth({ app, db: database.db });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const call = (...args: Parameters<typeof apiCall> extends [App, ...infer R] ? R : never) =>
    apiCall(app, ...args);

  async function counts() {
    const result: Record<string, number> = {};
    for (const table of COUNTED) {
      const row = await database.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  }

  it.each(['/api/games', '/api/blogs', '/api/tools', '/api/users', '/api/wallets', '/api/links'])(
    'refuses a search for text with NUL on %s with a 400',
    async (url) => {
      const res = await call('GET', `${url}?q=a%00b`, tokens.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(refusal('q'));
    },
  );

  it.each(CONTROL)(
    'refuses %s in every kind of JSON text field, saving nothing',
    async (_what, text) => {
      const before = await counts();
      const cases: [string, string, string | undefined, Record<string, unknown>, string][] = [
        [
          'POST',
          '/api/tools',
          tokens.admin,
          { name: text, icon: 'wallet', description: 'D' },
          'name',
        ],
        [
          'POST',
          '/api/wallets',
          tokens.user,
          { wallet_name: 'W', wallet_address: `0x${'b'.repeat(40)}`, category: text },
          'category',
        ],
        ['POST', '/api/links', tokens.user, { title: 'L', url: `https://x.test/${text}` }, 'url'],
        [
          'POST',
          '/api/admin-notifications',
          tokens.admin,
          { title: 'T', message: text },
          'message',
        ],
        [
          'POST',
          '/api/income-pixels',
          tokens.user,
          { expense_description: text },
          'expense_description',
        ],
        ['POST', '/api/register', undefined, { ...newIdentity(), username: text }, 'username'],
        [
          'POST',
          '/api/register',
          undefined,
          { ...newIdentity(), password: `password${text}` },
          'password',
        ],
        ['POST', '/api/visits', undefined, { path: `/${text}` }, 'path'],
        ['POST', '/api/login', undefined, { email: text, password: 'whatever1' }, 'email'],
        [
          'POST',
          '/api/users',
          tokens.admin,
          { username: 'someone', email: 'a@b.test', role: text },
          'role',
        ],
      ];
      for (const [method, url, token, body, field] of cases) {
        const res = await call(method as 'POST', url, token, body);
        expect(res.statusCode, `${url} ${field}`).toBe(400);
        expect(res.json(), `${url} ${field}`).toMatchObject(refusal(field));
      }
      expect(await counts()).toEqual(before);
    },
  );

  it('names the place of a refused string inside nested JSON, keys included', async () => {
    const nested = await call('POST', '/api/admin-notifications/read', tokens.user, {
      ids: [1],
      extra: [{ deep: 'x\u0000' }],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(refusal('extra.0.deep'));
    const key = await call('POST', '/api/tools', tokens.admin, { 'na\u0000me': 'x' });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toMatch(/must not contain control characters/);
  });

  it('keeps tab, line feed and carriage return in text', async () => {
    const description = 'one\ttwo\nthree\r\nfour';
    const res = await call('POST', '/api/tools', tokens.admin, {
      name: 'Spacing',
      icon: 'wallet',
      description,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(description);
  });

  it.each([
    ['/api/games', { name: 'G\u0000', description: 'D', link: 'https://g.test' }, 'name'],
    [
      '/api/blogs',
      { title: 'T', content: '<p>x\u0007</p>', author: 'A', date: '2026-01-01' },
      'content',
    ],
  ])('refuses control characters in the multipart fields of %s', async (url, fields, field) => {
    const before = await counts();
    const res = await sendForm(app, 'POST', url, tokens.admin, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(field));
    expect(await counts()).toEqual(before);
  });

  it('reports an imported row with control characters as a refused row with its line', async () => {
    const csv = [
      'wallet_name,wallet_address,category',
      `Good,0x${'c'.repeat(40)},main`,
      `Bad\u0000,0x${'d'.repeat(40)},main`,
      `Also bad,0x${'e'.repeat(40)},\u0085`,
    ].join('\n');
    const form = await multipart({}, { name: 'file', bytes: Buffer.from(csv), filename: 'w.csv' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallets/import',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(tokens.user) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 1,
      skipped: 0,
      rejected: [
        { line: 3, reason: 'wallet_name must not contain control characters.' },
        { line: 4, reason: 'category must not contain control characters.' },
      ],
    });

    const links = [
      'title,url,category',
      'Fine,https://fine.test,',
      'Broken,https://broken.test/\u0000,',
    ].join('\n');
    const linkForm = await multipart(
      {},
      { name: 'file', bytes: Buffer.from(links), filename: 'l.csv' },
    );
    const linkRes = await app.inject({
      method: 'POST',
      url: '/api/links/import',
      payload: linkForm.payload,
      headers: { ...linkForm.headers, ...bearer(tokens.user) },
    });
    expect(linkRes.statusCode).toBe(200);
    expect(linkRes.json()).toMatchObject({
      imported: 1,
      rejected: [{ line: 3, reason: 'url must not contain control characters.' }],
    });
  });

  it.each(['/games%00', '/blogs/1%00', '/about%C2%85', '/x%1B[31m', '/tools?q=%00'])(
    'refuses control characters in the page request %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    },
  );

  it('answers the blog page for ids past the range of the database', async () => {
    for (const id of ['2147483648', '9007199254740993', '0', '-1', 'abc']) {
      const res = await app.inject({ method: 'GET', url: `/blogs/${id}` });
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('refuses ids past the range of the database in paths, queries and bodies', async () => {
    const big = 2 ** 31;
    const cases: [string, string, string, object | undefined, string][] = [
      ['PUT', `/api/tools/${big}`, tokens.admin, { name: 'x', icon: 'x', description: 'x' }, 'id'],
      ['GET', `/api/wallets?user_id=${big}`, tokens.user, undefined, 'user_id'],
      ['GET', `/api/links?user_id=${big}`, tokens.user, undefined, 'user_id'],
      ['DELETE', `/api/wallets/1?user_id=${big}`, tokens.user, undefined, 'user_id'],
      ['POST', '/api/admin-notifications/read', tokens.user, { ids: [1, big] }, 'ids.1'],
      [
        'POST',
        '/api/wallets',
        tokens.user,
        { wallet_name: 'W', wallet_address: `0x${'f'.repeat(40)}`, user_id: big },
        'user_id',
      ],
    ];
    for (const [method, url, token, body, field] of cases) {
      const res = await call(method as 'POST', url, token, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveProperty([field]);
    }
  });

  it.each([
    ['user_id', true],
    ['user_id', [5]],
    ['user_id', ''],
  ])('refuses %s sent as %j instead of a number', async (field, value) => {
    const res = await call('POST', '/api/wallets', tokens.user, {
      wallet_name: 'W',
      wallet_address: `0x${'9'.repeat(40)}`,
      [field]: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([field]);
  });

  it.each(['?limit=true', '?offset=', '?offset=%20', '?limit=0x10', '?limit=1&limit=2'])(
    'refuses the paging parameters %s',
    async (query) => {
      const res = await call('GET', `/api/games${query}`);
      expect(res.statusCode).toBe(400);
    },
  );

  const BIDI = ['\u202e', '\u202a', '\u2066', '\u2069', '\u200f', '\u061c'];

  it.each(BIDI.map((mark) => [`U+${mark.codePointAt(0)!.toString(16).toUpperCase()}`, mark]))(
    'refuses the text-direction control %s in names and titles',
    async (_code, mark) => {
      const before = await counts();
      const json: [string, string, Record<string, unknown>, string][] = [
        [
          '/api/tools',
          tokens.admin,
          { name: `Tool${mark}`, icon: 'wallet', description: 'D' },
          'name',
        ],
        [
          '/api/wallets',
          tokens.user,
          { wallet_name: `W${mark}`, wallet_address: `0x${'8'.repeat(40)}` },
          'wallet_name',
        ],
        ['/api/links', tokens.user, { title: `L${mark}`, url: 'https://l.test' }, 'title'],
        ['/api/admin-notifications', tokens.admin, { title: `N${mark}`, message: 'M' }, 'title'],
        ['/api/register', '', { ...newIdentity(), username: `user${mark}x` }, 'username'],
      ];
      for (const [url, token, body, field] of json) {
        const res = await call('POST', url, token || undefined, body);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toHaveProperty([field]);
      }
      const forms: [string, Record<string, string>, string][] = [
        ['/api/games', { name: `G${mark}`, description: 'D', link: 'https://g.test' }, 'name'],
        ['/api/blogs', { title: `T${mark}`, author: 'A', date: '2026-01-01' }, 'title'],
        ['/api/blogs', { title: 'T', author: `A${mark}`, date: '2026-01-01' }, 'author'],
      ];
      for (const [url, fields, field] of forms) {
        const res = await sendForm(app, 'POST', url, tokens.admin, fields);
        expect(res.statusCode, `${url} ${field}`).toBe(400);
        expect(res.json().errors, `${url} ${field}`).toHaveProperty([field]);
      }
      expect(await counts()).toEqual(before);
    },
  );

  it('keeps text-direction marks where they are text, not names', async () => {
    const res = await call('POST', '/api/tools', tokens.admin, {
      name: 'Arabic guide',
      icon: 'wallet',
      description: 'مرحبا\u200f (v2)',
    });
    expect(res.statusCode).toBe(201);
  });

  it('signs in a user whose account predates nothing: ordinary text still works', async () => {
    const user = await registerUser(app, { ...newIdentity(), username: 'Zoë_名前' });
    expect(await loginToken(app, user.email, user.password)).toMatch(/^ey/);
  });
});
