import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeUpstream } from '../../../../harness/fake-upstream.js';
import { loginToken, registerUser, signInAdmin, signInUser } from '../support/accounts.js';
import { apiCall, bearer, multipart, type CallArgs } from '../support/content.js';
import { RECHECK_MS } from '../../src/db/database.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Signed-in answers kept in memory (http-cache/personal-answers.ts) are sent again only while
 * the rows they were read from are unchanged: every write, through any route or straight to the
 * database, shows on the next read.
 */
describe('signed-in answers kept in memory', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let admin: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({
      env: {
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        // Short, so that the prices' return is seen within the test.
        PRICE_TTL: '150ms',
        FX_TTL: '150ms',
        UPSTREAM_TIMEOUT: '300ms',
      },
    });
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
    admin = (await signInAdmin(t)).token;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const db = () => t.db.kysely;

  /** The answer as the client sees it: status, body and the list's total. */
  const read = async (url: string, token: string) => {
    const res = await call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, total: res.headers['x-total-count'] };
  };

  /**
   * Changes a row behind the versions' back (the trigger's raise is undone): what is sent next
   * shows whether the kept answer was used.
   */
  const changeUnseen = async (list: string, userId: number, change: () => Promise<unknown>) => {
    const before = await db()
      .selectFrom('list_versions')
      .select('version')
      .where('list', '=', list as 'wallets')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await change();
    await db()
      .updateTable('list_versions')
      .set({ version: before?.version ?? 0 })
      .where('list', '=', list as 'wallets')
      .where('user_id', '=', userId)
      .execute();
  };

  it('sends a kept answer again while its rows are unchanged, and a fresh one after any write', async () => {
    const created = await call('POST', '/api/wallets', alice.token, {
      wallet_name: 'Main',
      wallet_address: `0x${'ab'.repeat(20)}`,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const first = await read('/api/wallets?limit=10&offset=0', alice.token);
    expect(JSON.parse(first.body)).toHaveLength(1);
    expect(first.total).toBe('1');

    // Renamed without the version moving: the kept answer is what comes back, headers included.
    await changeUnseen('wallets', alice.id, () =>
      db().updateTable('wallets').set({ wallet_name: 'Unseen' }).where('id', '=', id).execute(),
    );
    expect(await read('/api/wallets?limit=10&offset=0', alice.token)).toEqual(first);

    // A write straight to the database (another instance, the admin CLI) raises the version.
    await db().updateTable('wallets').set({ wallet_name: 'Seen' }).where('id', '=', id).execute();
    const fresh = await read('/api/wallets?limit=10&offset=0', alice.token);
    expect(JSON.parse(fresh.body)[0].wallet_name).toBe('Seen');
  });

  it('never sends one user’s kept answer to another', async () => {
    const url = '/api/wallets?limit=10&offset=0';
    const mine = await read(url, alice.token);
    const theirs = await read(url, bob.token);
    expect(JSON.parse(mine.body)).toHaveLength(1);
    expect(JSON.parse(theirs.body)).toEqual([]);
    expect(theirs.total).toBe('0');
  });

  it('shows every write of the wallet and link routes on the next read', async () => {
    for (const list of ['wallets', 'links'] as const) {
      const url = `/api/${list}?limit=10&offset=0`;
      const names = async () =>
        (JSON.parse((await read(url, bob.token)).body) as Record<string, string>[]).map(
          (row) => row.wallet_name ?? row.title,
        );
      const body = (name: string, n: number) =>
        list === 'wallets'
          ? { wallet_name: name, wallet_address: `0x${String(n).repeat(40)}` }
          : { title: name, url: `https://example.com/${n}` };
      expect(await names()).toEqual([]);
      const created = await call('POST', `/api/${list}`, bob.token, body('One', 1));
      expect(created.statusCode).toBe(201);
      expect(await names()).toEqual(['One']);
      const id = created.json().id as number;
      expect((await call('PUT', `/api/${list}/${id}`, bob.token, body('Two', 1))).statusCode).toBe(
        200,
      );
      expect(await names()).toEqual(['Two']);

      const csv =
        list === 'wallets'
          ? `wallet_name,wallet_address,category\nImported,0x${'7'.repeat(40)},\n`
          : 'title,url,category\nImported,https://example.com/imported,\n';
      const form = await multipart(
        {},
        { name: 'file', bytes: Buffer.from(csv), filename: `${list}.csv`, type: 'text/csv' },
      );
      const imported = await t.app.inject({
        method: 'POST',
        url: `/api/${list}/import`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(bob.token) },
      });
      expect(imported.json()).toMatchObject({ imported: 1 });
      expect(await names()).toEqual(['Two', 'Imported']);

      expect((await call('DELETE', `/api/${list}/${id}`, bob.token)).statusCode).toBe(200);
      expect(await names()).toEqual(['Imported']);
    }
  });

  it('shows a new notification, an edit, a deletion and the caller’s read marks', async () => {
    const titles = async (token: string) =>
      (
        JSON.parse((await read('/api/admin-notifications', token)).body) as {
          title: string;
          read: boolean;
        }[]
      ).map((n) => `${n.title}:${n.read}`);
    const before = await titles(alice.token);
    const posted = await call('POST', '/api/admin-notifications', admin, {
      title: 'Maintenance',
      message: 'Tonight at 22:00.',
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().notification.id as number;
    expect(await titles(alice.token)).toEqual(['Maintenance:false', ...before]);
    expect(await titles(bob.token)).toEqual(['Maintenance:false', ...before]);

    const marked = await call('POST', '/api/admin-notifications/read', alice.token, { ids: [id] });
    expect(marked.statusCode).toBe(200);
    expect(await titles(alice.token)).toEqual(['Maintenance:true', ...before]);
    // Bob's own read state is his: his kept answer is still good.
    expect(await titles(bob.token)).toEqual(['Maintenance:false', ...before]);

    const edited = await call('PUT', `/api/admin-notifications/${id}`, admin, {
      title: 'Maintenance moved',
      message: 'Tomorrow at 22:00.',
    });
    expect(edited.statusCode).toBe(200);
    expect(await titles(bob.token)).toEqual(['Maintenance moved:false', ...before]);

    expect((await call('DELETE', `/api/admin-notifications/${id}`, admin)).statusCode).toBe(200);
    expect(await titles(alice.token)).toEqual(before);
  });

  it('keeps no income answer that still waits for its day’s price, and shows it once valued', async () => {
    upstream.setMode('error');
    const saved = await call('POST', '/api/income-axie', alice.token, {
      axs: 10,
      expense: 1,
      expense_type: 'usd',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.price_usd).toBeNull();
    const pending = await read('/api/income-axie', alice.token);
    expect(JSON.parse(pending.body).data[0].price_usd).toBeNull();

    // The prices answer again: a later read values the record (the page polls), never the kept
    // pending answer.
    upstream.setMode('ok');
    await vi.waitFor(
      async () =>
        expect(
          JSON.parse((await read('/api/income-axie', alice.token)).body).data[0],
        ).toMatchObject({ price_usd: 2.5 }),
      { timeout: 4000, interval: 100 },
    );
    // Valued, it is kept like any other answer.
    const valued = await read('/api/income-axie', alice.token);
    expect(await read('/api/income-axie', alice.token)).toEqual(valued);
  });

  it('drops what was kept for a deleted account: its versions move on', async () => {
    const identity = await registerUser(t.app);
    const token = await loginToken(t.app, identity.email, identity.password);
    await call('POST', '/api/links', token, { title: 'Mine', url: 'https://example.com/mine' });
    await read('/api/links', token);
    const versions = () =>
      db()
        .selectFrom('list_versions')
        .select(['list', 'version'])
        .where('user_id', '=', identity.id)
        .orderBy('list')
        .execute();
    const before = await versions();
    expect(before.length).toBeGreaterThan(0);
    await db().deleteFrom('users').where('id', '=', identity.id).execute();
    const after = await versions();
    expect(after.map((row) => row.list)).toEqual(before.map((row) => row.list));
    after.forEach((row, i) => expect(row.version).toBeGreaterThan(before[i]!.version));
  });

  it('on SQLite, shows a write by another process within RECHECK_MS', async () => {
    if (!t.sqliteFile) return; // PostgreSQL reads the versions on every request.
    const url = '/api/links?limit=10&offset=0';
    await call('POST', '/api/links', alice.token, {
      title: 'Before',
      url: 'https://example.com/b',
    });
    const before = await read(url, alice.token);
    const other = new SQLite(t.sqliteFile);
    try {
      other.prepare(`update links set title = 'After' where title = 'Before'`).run();
    } finally {
      other.close();
    }
    const started = Date.now();
    // Within the bound the kept answer may still be sent; after it, never.
    await vi.waitFor(async () => expect((await read(url, alice.token)).body).toContain('"After"'), {
      timeout: RECHECK_MS * 3,
      interval: 25,
    });
    expect(Date.now() - started).toBeLessThan(RECHECK_MS * 2);
    expect(before.body).toContain('"Before"');
  });

  it('reads the versions at once only outside a transaction', async () => {
    if (!t.db.readNow) return; // PostgreSQL always answers through the pool.
    const query = sql`select 1 as one`.compile(db());
    expect(t.db.readNow([query])).toEqual([[{ one: 1 }]]);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('users').select('id').limit(1).execute();
        expect(t.db.readNow?.([query])).toBeUndefined();
      });
    expect(t.db.readNow([query])).toEqual([[{ one: 1 }]]);
  });
});

describe('ANSWER_CACHE_MB=0', () => {
  it('keeps nothing and answers every read from the database', async () => {
    const t = await createTestApp({ env: { ANSWER_CACHE_MB: '0' } });
    try {
      const user = await registerUser(t.app);
      const token = await loginToken(t.app, user.email, user.password);
      await apiCall(t.app, 'POST', '/api/links', token, {
        title: 'A',
        url: 'https://example.com/a',
      });
      await apiCall(t.app, 'GET', '/api/links', token);
      expect(t.app.personalAnswers.enabled).toBe(false);
      expect(t.app.personalAnswers.size).toBe(0);
    } finally {
      await t.close();
    }
  });
});
