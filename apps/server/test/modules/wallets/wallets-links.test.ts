import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { apiCall, bearer, multipart, type CallArgs } from '../../support/content.js';
import { SEARCH_WALK_ROWS } from '../../../src/db/personal-search.js';
import { insertLinks } from '../../../src/modules/links/links.repository.js';

const HEX = 'ab'.repeat(20);
const wallet = (extra: Record<string, unknown> = {}) => ({
  wallet_name: ' Main ',
  wallet_address: `0x${HEX.toUpperCase()}`,
  category: ' Gaming ',
  ...extra,
});
const link = (extra: Record<string, unknown> = {}) => ({
  title: 'Docs',
  url: 'https://docs.example.com',
  ...extra,
});

/** Sends `content` as the file of a multipart form to `url`, signed in with `token`. */
async function uploadFile(app: App, token: string, url: string, content: string, filename: string) {
  const body = await multipart(
    {},
    { name: 'file', bytes: Buffer.from(content), filename, type: 'text/csv' },
  );
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

describe('wallets and links are private to each user', () => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    alice = { id: a.id, token: await loginToken(t.app, a.email, a.password) };
    bob = { id: b.id, token: await loginToken(t.app, b.email, b.password) };
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => apiCall(t.app, ...args);

  it('stores a wallet trimmed, in one normal form, shown with the typed prefix', async () => {
    const res = await call('POST', '/api/wallets', alice.token, wallet({ user_id: alice.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      wallet_name: 'Main',
      wallet_address: `0x${HEX}`,
      category: 'Gaming',
      user_id: alice.id,
    });
    const ronin = await call(
      'POST',
      '/api/wallets',
      alice.token,
      wallet({ wallet_address: `ronin:${'cd'.repeat(20)}`, category: '' }),
    );
    expect(ronin.json()).toMatchObject({
      wallet_address: `ronin:${'cd'.repeat(20)}`,
      category: null,
    });
  });

  it('refuses the same address twice for one user, whatever its prefix or case, but not for another user', async () => {
    const again = await call(
      'POST',
      '/api/wallets',
      alice.token,
      wallet({ wallet_address: `ronin:${HEX}` }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({
      wallet_address: 'You already track this wallet address.',
    });
    expect((await call('POST', '/api/wallets', bob.token, wallet())).statusCode).toBe(201);
  });

  it.each([
    [{ wallet_address: '0x123' }, 'wallet_address'],
    [{ wallet_address: `0x${'g'.repeat(40)}` }, 'wallet_address'],
    [{ wallet_address: 'javascript:alert(1)' }, 'wallet_address'],
    [{ wallet_address: `ronin:${HEX}00` }, 'wallet_address'],
    [{ wallet_name: '   ' }, 'wallet_name'],
    [{ category: 'x'.repeat(51) }, 'category'],
  ])('refuses wallet %j', async (patch, field) => {
    const res = await call('POST', '/api/wallets', alice.token, wallet(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it("never lets one user read, change or delete another user's wallet or link", async () => {
    const aliceWallet = (await call('GET', '/api/wallets', alice.token)).json()[0];
    const aliceLink = (await call('POST', '/api/links', alice.token, link())).json();

    // Asking for someone else's list by user_id is refused; a plain list shows only your own.
    expect((await call('GET', `/api/wallets?user_id=${alice.id}`, bob.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/links?user_id=${alice.id}`, bob.token)).statusCode).toBe(403);
    const bobs = (await call('GET', '/api/wallets', bob.token)).json();
    expect(bobs.every((w: { user_id: number }) => w.user_id === bob.id)).toBe(true);
    expect((await call('GET', '/api/links', bob.token)).json()).toEqual([]);

    // Another user's row is simply not found, and a body naming another owner is refused.
    expect(
      (
        await call(
          'PUT',
          `/api/wallets/${aliceWallet.id}`,
          bob.token,
          wallet({ wallet_name: 'Mine now' }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/wallets/${aliceWallet.id}`, bob.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/api/links/${aliceLink.id}`, bob.token, link({ title: 'Mine' })))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/links/${aliceLink.id}`, bob.token)).statusCode).toBe(404);
    expect(
      (
        await call(
          'POST',
          '/api/wallets',
          bob.token,
          wallet({ user_id: alice.id, wallet_address: `0x${'ee'.repeat(20)}` }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/links', bob.token, link({ user_id: alice.id }))).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/links/${aliceLink.id}?user_id=${alice.id}`, bob.token))
        .statusCode,
    ).toBe(403);

    // Nothing changed for Alice.
    const after = (await call('GET', '/api/wallets', alice.token)).json();
    expect(after[0]).toEqual(aliceWallet);
    expect((await call('GET', '/api/links', alice.token)).json()).toEqual([aliceLink]);

    // Guests get nothing at all.
    for (const url of ['/api/wallets', '/api/links', '/api/wallets/export', '/api/links/export']) {
      expect((await call('GET', url)).statusCode).toBe(401);
    }
  });

  it('answers link failures with the error field beside the message', async () => {
    const bad = await call('POST', '/api/links', alice.token, link({ url: 'javascript:alert(1)' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'URL must be a web address starting with http:// or https://.',
      error: 'URL must be a web address starting with http:// or https://.',
      errors: { url: 'URL must be a web address starting with http:// or https://.' },
    });
    const missing = await call('PUT', '/api/links/999999', alice.token, link());
    expect(missing.json()).toEqual({
      message: 'This link does not exist.',
      error: 'This link does not exist.',
    });
  });

  it('searches, edits and deletes your own rows', async () => {
    const created = (
      await call(
        'POST',
        '/api/links',
        alice.token,
        link({ title: 'Pixels Wiki', category: 'Guides' }),
      )
    ).json();
    const byCategory = await call('GET', '/api/links?q=guide', alice.token);
    expect(byCategory.json().map((l: { id: number }) => l.id)).toEqual([created.id]);
    const edited = await call(
      'PUT',
      `/api/links/${created.id}`,
      alice.token,
      link({ title: 'Pixels Wiki 2' }),
    );
    expect(edited.json()).toMatchObject({ title: 'Pixels Wiki 2', category: null });
    expect((await call('DELETE', `/api/links/${created.id}`, alice.token)).json()).toEqual({
      message: 'Link deleted.',
    });

    const byAddress = await call(
      'GET',
      `/api/wallets?q=${HEX.slice(0, 8).toUpperCase()}`,
      alice.token,
    );
    expect(byAddress.json()).toHaveLength(1);
    const byPrefix = await call('GET', '/api/wallets?q=ronin:', alice.token);
    expect(byPrefix.json().map((w: { wallet_address: string }) => w.wallet_address)).toEqual([
      `ronin:${'cd'.repeat(20)}`,
    ]);
  });
});

describe('a first page, written by the database', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(() => t.close());

  it.each([
    [
      'wallets',
      [
        wallet({ wallet_name: 'Quote " and \\ back', category: '' }),
        wallet({ wallet_name: 'Ünïcode 🎮 farm', wallet_address: `ronin:${'ef'.repeat(20)}` }),
      ],
      'a',
    ],
    [
      'links',
      [
        link({ title: 'Tab\there and "quotes"', category: 'Ünïcode 🎮' }),
        link({ title: 'Plain', url: 'https://plain.example.com', category: '' }),
      ],
      'a',
    ],
  ] as const)(
    'sends each %s item as a write answers it and a search finds it: same fields, values and order',
    async (list, [firstBody, secondBody], q) => {
      const bodies = [firstBody, secondBody];
      const written: ({ id: number } & Record<string, unknown>)[] = [];
      for (const body of bodies) {
        const res = await apiCall(t.app, 'POST', `/api/${list}`, token, body);
        expect(res.statusCode).toBe(201);
        written.push(res.json());
      }
      const first = await apiCall(t.app, 'GET', `/api/${list}?limit=10&offset=0`, token);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['x-total-count']).toBe(String(bodies.length));
      const searched = await apiCall(t.app, 'GET', `/api/${list}?q=${q}`, token);
      expect(first.json()).toEqual(written);
      expect(searched.json()).toEqual(written);
      // Key by key in the same order as the compiled serialiser writes a written row.
      expect(first.json().map((item: object) => Object.keys(item))).toEqual(
        written.map((item) => Object.keys(item)),
      );
      const empty = await apiCall(t.app, 'GET', `/api/${list}?limit=10&offset=10`, token);
      expect(empty.json()).toEqual([]);
      expect(empty.headers['x-total-count']).toBe(String(bodies.length));

      // Each row keeps its item (migration 0024): an edit, and a row imported from a file, are
      // sent as their own answers and a search say.
      const [one] = written as [(typeof written)[number]];
      const edited = await apiCall(t.app, 'PUT', `/api/${list}/${one.id}`, token, {
        ...secondBody,
        ...(list === 'wallets'
          ? { wallet_name: 'Renamed "again"', wallet_address: `ronin:${'9a'.repeat(20)}` }
          : { title: 'Renamed "again"', url: 'https://renamed.example.com/?q="x"' }),
        category: 'Ünïcode 🎮 2',
      });
      expect(edited.statusCode).toBe(200);
      const file =
        list === 'wallets'
          ? `wallet_name,wallet_address,category\nImported \\ again,0x${'7b'.repeat(20)},\n`
          : 'title,url,category\nImported \\ one,https://imported.example.com,Tabbed\n';
      const imported = await uploadFile(t.app, token, `/api/${list}/import`, file, `${list}.csv`);
      expect(imported.json()).toMatchObject({ imported: 1 });
      const after = (await apiCall(t.app, 'GET', `/api/${list}?limit=10&offset=0`, token)).json();
      const searchedAfter = (await apiCall(t.app, 'GET', `/api/${list}?q=${q}`, token)).json();
      expect(after.slice(0, 2)).toEqual([edited.json(), written[1]]);
      expect(after).toHaveLength(3);
      expect(after).toEqual(
        [...searchedAfter].sort((a: { id: number }, b: { id: number }) => a.id - b.id),
      );
      expect(after.map((item: object) => Object.keys(item))).toEqual(
        after.map(() => Object.keys(one)),
      );
    },
  );
});

describe('pages of a personal list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts the whole list, searched or not, on every page and past the end', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const token = await loginToken(t.app, owner.email, owner.password);
    const otherToken = await loginToken(t.app, other.email, other.password);
    for (let i = 0; i < 13; i += 1) {
      const body = {
        title: i % 3 === 0 ? `Guide ${i}` : `Map ${i}`,
        url: `https://x.example/${i}`,
      };
      expect((await apiCall(t.app, 'POST', '/api/links', token, body)).statusCode).toBe(201);
    }
    await apiCall(t.app, 'POST', '/api/links', otherToken, {
      title: 'Guide',
      url: 'https://y.example',
    });
    const page = async (query: string, as = token) => {
      const res = await apiCall(t.app, 'GET', `/api/links?${query}`, as);
      expect(res.statusCode).toBe(200);
      const titles = (res.json() as { title: string }[]).map((row) => row.title);
      return { titles, total: res.headers['x-total-count'] };
    };
    expect(await page('limit=10&offset=0')).toMatchObject({ total: '13' });
    expect((await page('limit=10&offset=0')).titles).toHaveLength(10);
    expect(await page('limit=10&offset=10')).toEqual({
      titles: ['Map 10', 'Map 11', 'Guide 12'],
      total: '13',
    });
    expect(await page('limit=10&offset=40')).toEqual({ titles: [], total: '13' });
    expect(await page('q=guide&limit=2&offset=0')).toEqual({
      titles: ['Guide 0', 'Guide 3'],
      total: '5',
    });
    expect(await page('q=guide&limit=2&offset=9')).toEqual({ titles: [], total: '5' });
    expect(await page('q=nothing&limit=10&offset=0')).toEqual({ titles: [], total: '0' });
  });

  it('finds through the search index what the search conditions match, and keeps totals on delete', async () => {
    const owner = await registerUser(t.app);
    const token = await loginToken(t.app, owner.email, owner.password);
    const other = await registerUser(t.app);
    const otherToken = await loginToken(t.app, other.email, other.password);
    const saved: { id: number; wallet_name: string }[] = [];
    for (const [name, address, category] of [
      ['Alpha Farm', `ronin:${'ab'.repeat(20)}`, null],
      ['Beta farm', `0x${'cd'.repeat(20)}`, 'Zephyrine Guild'],
      ['ünïcode Wallet', `0x${'ef'.repeat(20)}`, null],
    ] as const) {
      const res = await apiCall(t.app, 'POST', '/api/wallets', token, {
        wallet_name: name,
        wallet_address: address,
        category,
      });
      expect(res.statusCode).toBe(201);
      saved.push(res.json());
    }
    await apiCall(t.app, 'POST', '/api/wallets', otherToken, {
      wallet_name: 'Alpha Farm',
      wallet_address: `0x${'ab'.repeat(20)}`,
    });
    const names = async (q: string, as = token) => {
      const res = await apiCall(t.app, 'GET', `/api/wallets?q=${encodeURIComponent(q)}`, as);
      expect(res.statusCode).toBe(200);
      return (res.json() as { wallet_name: string }[]).map((row) => row.wallet_name);
    };
    expect(await names('FARM')).toEqual(['Alpha Farm', 'Beta farm']);
    expect(await names('zephyrine')).toEqual(['Beta farm']);
    // Across the prefix and the digits, and the same digits under the other prefix.
    expect(await names('in:abab')).toEqual(['Alpha Farm']);
    expect(await names(`0x${'AB'.repeat(5)}`)).toEqual(['Alpha Farm']);
    expect(await names(`ronin:${'cd'.repeat(3)}`)).toEqual(['Beta farm']);
    expect(await names('ünïcode')).toEqual(['ünïcode Wallet']);
    expect(await names('lpha farm')).toEqual(['Alpha Farm']);
    expect(await names('farm', otherToken)).toEqual(['Alpha Farm']);
    expect(await names('zz')).toEqual([]);

    const total = async (as = token) =>
      (await apiCall(t.app, 'GET', '/api/wallets?limit=1', as)).headers['x-total-count'];
    expect(await total()).toBe('3');
    expect((await apiCall(t.app, 'DELETE', `/api/wallets/${saved[0]!.id}`, token)).statusCode).toBe(
      200,
    );
    expect(await total()).toBe('2');
    expect(await names('farm')).toEqual(['Beta farm']);
    expect(await names('in:abab')).toEqual([]);
    expect(await total(otherToken)).toBe('1');
  });

  it('finds matches past the rows a search walks in order, whatever other users hold', async () => {
    const owner = await registerUser(t.app);
    const token = await loginToken(t.app, owner.email, owner.password);
    const crowd = await registerUser(t.app);
    const rows = SEARCH_WALK_ROWS + 50;
    const late = [rows - 30, rows - 20, rows - 10];
    await insertLinks(
      t.db.kysely,
      owner.id,
      Array.from({ length: rows }, (_, i) => ({
        title: i === 5 || late.includes(i) ? `Hollow ${i}` : `Map ${i}`,
        url: `https://w.example/${i}`,
        category: null,
      })),
    );
    // The word is common over the table, in another user's rows only.
    await insertLinks(
      t.db.kysely,
      crowd.id,
      Array.from({ length: 300 }, (_, i) => ({
        title: `Hollow crowd ${i}`,
        url: `https://c.example/${i}`,
        category: null,
      })),
    );
    const page = async (query: string) => {
      const res = await apiCall(t.app, 'GET', `/api/links?${query}`, token);
      expect(res.statusCode).toBe(200);
      return {
        titles: (res.json() as { title: string }[]).map((row) => row.title),
        total: res.headers['x-total-count'],
        lowerBound: res.headers['x-total-count-lower-bound'],
      };
    };
    expect(await page('q=hollow&limit=2&offset=0')).toEqual({
      titles: ['Hollow 5', `Hollow ${late[0]}`],
      total: '4',
      lowerBound: undefined,
    });
    expect(await page('q=hollow&limit=2&offset=2')).toEqual({
      titles: late.slice(1).map((i) => `Hollow ${i}`),
      total: '4',
      lowerBound: undefined,
    });
    expect(await page('q=hollow&limit=2&offset=8')).toEqual({
      titles: [],
      total: '4',
      lowerBound: undefined,
    });
    expect(await page('q=map&limit=2&offset=0')).toEqual({
      titles: ['Map 0', 'Map 1'],
      total: '102',
      lowerBound: 'true',
    });
    expect(await page('q=crowd&limit=2&offset=0')).toEqual({
      titles: [],
      total: '0',
      lowerBound: undefined,
    });
  });

  it('counts a search up to a horizon past the page, and says when the total is a lower bound', async () => {
    const owner = await registerUser(t.app);
    const token = await loginToken(t.app, owner.email, owner.password);
    for (let i = 0; i < 125; i += 1) {
      const body = { title: `Quest guide ${i}`, url: `https://q.example/${i}` };
      expect((await apiCall(t.app, 'POST', '/api/links', token, body)).statusCode).toBe(201);
    }
    const res = await apiCall(t.app, 'GET', '/api/links?q=quest&limit=10&offset=0', token);
    expect(res.headers['x-total-count']).toBe('110');
    expect(res.headers['x-total-count-lower-bound']).toBe('true');
    const deep = await apiCall(t.app, 'GET', '/api/links?q=quest&limit=10&offset=20', token);
    expect(deep.headers['x-total-count']).toBe('125');
    expect(deep.headers['x-total-count-lower-bound']).toBeUndefined();
    const all = await apiCall(t.app, 'GET', '/api/links?limit=10', token);
    expect(all.headers['x-total-count']).toBe('125');
    expect(all.headers['x-total-count-lower-bound']).toBeUndefined();
  });
});

describe('export and import', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(() => t.close());

  const upload = (url: string, content: string, filename: string) =>
    uploadFile(t.app, token, url, content, filename);

  it('imports the good wallet rows in one go, skips duplicates and reports bad rows by line', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/wallets',
      payload: wallet(),
      headers: bearer(token),
    });
    const csv = [
      'Wallet_Name,wallet_address,category',
      `Savings,0x${'11'.repeat(20)},Cold`,
      `Dup of existing,ronin:${HEX},`,
      'Broken,0x1234,',
      `"Quoted, name",0x${'22'.repeat(20)},"Multi`,
      `line"`,
      `Dup in file,0x${'11'.repeat(20)},`,
      `,0x${'33'.repeat(20)},`,
    ].join('\n');
    const res = await upload('/api/wallets/import', csv, 'wallets.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      skipped: 2,
      rejected: [
        {
          line: 4,
          reason: 'Wallet address must be 0x or ronin: followed by 40 hexadecimal characters.',
        },
        { line: 8, reason: 'Wallet name is required.' },
      ],
    });
    const names = (
      await t.app.inject({ method: 'GET', url: '/api/wallets', headers: bearer(token) })
    )
      .json()
      .map((w: { wallet_name: string }) => w.wallet_name);
    expect(names).toEqual(['Main', 'Savings', 'Quoted, name']);
  });

  it('exports CSV that opens safely in a spreadsheet', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/links',
      payload: link({ title: '=HYPERLINK("https://evil.example")', category: 'Tricks' }),
      headers: bearer(token),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/links/export',
      headers: bearer(token),
    });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="links.csv"');
    expect(res.body.split('\n')[0]).toBe('title,url,category');
    expect(res.body).toContain(
      `"'=HYPERLINK(""https://evil.example"")",https://docs.example.com,Tricks`,
    );
    const wallets = await t.app.inject({
      method: 'GET',
      url: '/api/wallets/export',
      headers: bearer(token),
    });
    expect(wallets.body).toContain(`Savings,0x${'11'.repeat(20)},Cold`);
  });

  it('imports a browser bookmarks file with folders as categories', async () => {
    const html = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<TITLE>Bookmarks</TITLE>',
      '<DL><p>',
      '  <DT><H3>Web3 &amp; Games</H3>',
      '  <DL><p>',
      '    <DT><A HREF="https://pixels.xyz" ADD_DATE="1">Pixels</A>',
      '    <DT><A HREF="javascript:alert(1)">Evil</A>',
      '  </DL><p>',
      '  <DT><A HREF="https://docs.example.com">Docs again</A>',
      '</DL>',
    ].join('\n');
    const res = await upload('/api/links/import', html, 'bookmarks.html');
    expect(res.json()).toEqual({
      imported: 1,
      skipped: 1,
      rejected: [
        { line: 7, reason: 'URL must be a web address starting with http:// or https://.' },
      ],
    });
    const links = (
      await t.app.inject({ method: 'GET', url: '/api/links?q=pixels', headers: bearer(token) })
    ).json();
    expect(links).toMatchObject([
      { title: 'Pixels', url: 'https://pixels.xyz', category: 'Web3 & Games' },
    ]);
  });

  it('reads bookmarks tag by tag: unnamed folders inherit, an unclosed link ends at the next', async () => {
    const html = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      '  <DT><H3>Outer</H3>',
      '  <DL><p>',
      '    <DT><H3> </H3>',
      '    <DL><p>',
      '      <DT><A HREF="https://a.example/?x=1&amp;y=2">First',
      '      <DT><A HREF="https://b.example/" HREF="https://ignored.example/">Second</A>',
      '    </DL><p>',
      '  </DL><p>',
      '  <DT><A HREF="https://c.example/">Third</A>',
      '</DL>',
    ].join('\n');
    const res = await upload('/api/links/import', html, 'bookmarks.html');
    expect(res.json()).toEqual({ imported: 3, skipped: 0, rejected: [] });
    const links = (
      await t.app.inject({ method: 'GET', url: '/api/links', headers: bearer(token) })
    ).json();
    expect(links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'First',
          url: 'https://a.example/?x=1&y=2',
          category: 'Outer',
        }),
        expect.objectContaining({ title: 'Second', url: 'https://b.example/', category: 'Outer' }),
        expect.objectContaining({ title: 'Third', url: 'https://c.example/', category: null }),
      ]),
    );
  });

  it('refuses a CSV row wider than the column limit, naming its line', async () => {
    const res = await upload('/api/links/import', `title,url\nA,${','.repeat(150)}\n`, 'x.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Line 2 has more than 100 columns.');
  });

  it('refuses a missing file and CSV that cannot be parsed', async () => {
    const body = await multipart({ note: 'no file' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/wallets/import',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(none.statusCode).toBe(400);
    const broken = await upload(
      '/api/wallets/import',
      'wallet_name,wallet_address\n"unterminated,0x1',
      'x.csv',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file is not valid CSV/);
  });
});
