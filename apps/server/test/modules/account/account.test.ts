import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMAT } from '@nexusplay/contract/account';
import { exportAccount } from '../../../src/modules/account/account-export.js';
import { tellUsers } from '../../../src/modules/notifications/notifications.service.js';
import { createAdmin } from '../../../src/modules/users/first-admin.js';
import { loginToken, newIdentity, registerUser, signInAdmin } from '../../support/accounts.js';
import { everyRowAsText, rowsOwnedBy, rowsWhere } from '../../support/catalogue.js';
import { apiCall, multipart, bearer } from '../../support/content.js';
import { dropRedisPrefix, TEST_REDIS_URL } from '../../support/shared-pair.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

const NEW_PASSWORD = 'a brand new passphrase';
const SIGNED_OUT_EVERYWHERE =
  'You were signed out because someone chose "Sign out everywhere" for this account. Please sign in again.';
const PASSWORD_CHANGED =
  'You were signed out because the password of this account was changed. Please sign in with the new password.';

type Account = Awaited<ReturnType<typeof registerUser>> & { token: string };

/** Every key under the prefix. */
async function redisKeys(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

// With TEST_REDIS_URL the app keeps its shared state (the sign-in counts among it) in Redis.
const redisPrefix = `test-${randomBytes(6).toString('hex')}:`;

describe(`the account page's actions on ${TEST_ENGINE}${TEST_REDIS_URL ? ' with Redis' : ''}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PRICE_API_URL: 'http://127.0.0.1:9',
        FX_API_URL: 'http://127.0.0.1:9/fx',
        UPSTREAM_TIMEOUT: '200ms',
        ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix } : {}),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    if (TEST_REDIS_URL) await dropRedisPrefix(TEST_REDIS_URL, redisPrefix);
  });

  async function signedUp(): Promise<Account> {
    const account = await registerUser(t.app);
    return { ...account, token: await loginToken(t.app, account.email, account.password) };
  }
  const me = (token: string) => apiCall(t.app, 'GET', '/api/me', token);

  describe('change password', () => {
    const change = (token: string, current: string, next: string, confirm = next) =>
      apiCall(t.app, 'POST', '/api/account/password', token, {
        current_password: current,
        new_password: next,
        confirm_password: confirm,
      });

    it('ends every other session and gives this one a fresh token', async () => {
      const account = await signedUp();
      const phone = await loginToken(t.app, account.email, account.password);
      const res = await change(account.token, account.password, NEW_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const { token, message } = res.json<{ token: string; message: string }>();
      expect(message).toBe('Password changed.');
      expect((await me(token)).json()).toMatchObject({ id: account.id });
      // Each device signed out is told why, in the one error shape.
      for (const old of [account.token, phone])
        expect((await me(old)).json()).toEqual({ message: PASSWORD_CHANGED });
      expect(await loginToken(t.app, account.email, NEW_PASSWORD)).toBeTruthy();
      await expect(loginToken(t.app, account.email, account.password)).rejects.toThrow(/401/);
    });

    it('refuses a wrong current password, a common or mismatched new one, and changes nothing', async () => {
      const account = await signedUp();
      const wrong = await change(account.token, 'not my password', NEW_PASSWORD);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ current_password: 'Current password is incorrect.' });
      const common = await change(account.token, account.password, 'password123');
      expect(common.statusCode).toBe(400);
      expect(common.json().errors.new_password).toMatch(/commonly used password/);
      const mine = await change(account.token, account.password, account.email);
      expect(mine.json().errors.new_password).toBe('Password must not be your username or email.');
      const mismatch = await change(account.token, account.password, NEW_PASSWORD, 'other one!');
      expect(mismatch.json().errors.confirm_password).toBe('Passwords do not match.');
      // The current password again would change nothing, and end every session for nothing.
      const same = await change(account.token, account.password, account.password);
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual({
        new_password: 'The new password must differ from your current password.',
      });
      expect((await me(account.token)).statusCode).toBe(200);
      expect(await loginToken(t.app, account.email, account.password)).toBeTruthy();
    });
  });

  it('signs out everywhere, this session included', async () => {
    const account = await signedUp();
    const phone = await loginToken(t.app, account.email, account.password);
    const res = await apiCall(t.app, 'POST', '/api/account/logout-all', account.token);
    expect(res.statusCode).toBe(200);
    for (const token of [account.token, phone])
      expect((await me(token)).json()).toEqual({ message: SIGNED_OUT_EVERYWHERE });
    expect((await me(await loginToken(t.app, account.email, account.password))).statusCode).toBe(
      200,
    );
  });

  describe('delete my account', () => {
    const remove = (token: string, password: string, confirmation: string) =>
      apiCall(t.app, 'DELETE', '/api/account', token, { password, confirmation });

    /**
     * A wallet with its last balances and a daily total, a link, income records of both tokens,
     * a read mark and a pending reset.
     */
    async function fillAccount(account: Account, adminToken: string) {
      const call = (url: string, payload: object) =>
        apiCall(t.app, 'POST', url, account.token, payload);
      const hex = account.id.toString(16).padStart(40, '0');
      const wallet = await call('/api/wallets', {
        wallet_name: 'Main',
        wallet_address: `0x${hex}`,
      });
      expect(wallet.statusCode).toBe(201);
      const walletId = wallet.json<{ id: number }>().id;
      const asOf = new Date().toISOString();
      await t.db.kysely
        .insertInto('wallet_balances')
        .values({ wallet_id: walletId, token: 'RON', amount: '1', as_of: asOf })
        .execute();
      await t.db.kysely
        .insertInto('wallet_value_snapshots')
        .values({ wallet_id: walletId, day: '2026-01-01', total_usd: 1, as_of: asOf })
        .execute();
      expect(
        (await call('/api/links', { title: 'Docs', url: 'https://docs.example.com' })).statusCode,
      ).toBe(201);
      expect((await call('/api/income-pixels', { income: 5 })).statusCode).toBe(201);
      expect((await call('/api/income-axie', { income: 7 })).statusCode).toBe(201);
      const note = await apiCall(t.app, 'POST', '/api/admin-notifications', adminToken, {
        title: 'Hi',
        message: 'There',
      });
      const noteId = note.json().notification?.id ?? note.json().id;
      expect((await call('/api/admin-notifications/read', { ids: [noteId] })).statusCode).toBe(200);
      await tellUsers(t.db.kysely, [
        {
          user_id: account.id,
          title: 'New PIXEL income: 120 PIXEL in Farm wallet',
          message: `For ${account.email}`,
          chain_transfer_id: null,
          created_at: asOf,
        },
      ]);
      await t.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: account.email },
      });
    }

    it('removes the user and every row that is theirs, in every table, and keeps other users whole', async () => {
      const adminToken = (await signInAdmin(t)).token;
      const [leaving, staying] = [await signedUp(), await signedUp()];
      await fillAccount(leaving, adminToken);
      await fillAccount(staying, adminToken);
      // A post whose author is named as the leaving user: a name, kept as text.
      const post = await multipart({
        title: 'Kept',
        content: '<p>Hi</p>',
        author: leaving.username,
        date: '2026-01-01',
      });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        payload: post.payload,
        headers: { ...post.headers, ...bearer(adminToken) },
      });
      expect(created.statusCode).toBe(201);
      // The reset requests are handled after their answers.
      await expect
        .poll(
          async () =>
            (await rowsWhere(t.db, 'password_resets', 'user_id', [leaving.id, staying.id])).length,
        )
        .toBe(2);

      const before = await rowsOwnedBy(t.db, leaving.id);
      for (const table of [
        'users',
        'wallets',
        'links',
        'income_records',
        'notification_reads',
        'password_resets',
        'wallet_balances',
        'wallet_value_snapshots',
        'user_notifications',
      ])
        expect(before.counts[table], table).toBeGreaterThan(0);
      const staysBefore = await rowsOwnedBy(t.db, staying.id);

      expect((await remove(leaving.token, leaving.password, 'someone else')).statusCode).toBe(400);
      expect(
        (await remove(leaving.token, 'wrong password', leaving.username)).json().errors,
      ).toEqual({
        password: 'Current password is incorrect.',
      });
      const res = await remove(leaving.token, leaving.password, ` ${leaving.username} `);
      expect(res.statusCode, res.body).toBe(200);

      for (const { table, column, values } of before.owned.values()) {
        expect(await rowsWhere(t.db, table, column, values), `${table}.${column}`).toEqual([]);
      }
      const everything = await everyRowAsText(t.db);
      for (const [table, text] of Object.entries(everything)) {
        expect(text.includes(leaving.email), `${leaving.email} in ${table}`).toBe(false);
      }
      expect((await rowsOwnedBy(t.db, staying.id)).counts).toEqual(staysBefore.counts);
      const kept = await t.app.inject({ method: 'GET', url: `/api/blogs/${created.json().id}` });
      expect(kept.json().author).toBe(leaving.username);

      expect((await me(leaving.token)).statusCode).toBe(401);
      await expect(loginToken(t.app, leaving.email, leaving.password)).rejects.toThrow(/401/);
    });

    it('leaves nothing under its email in the sign-in counts, in memory or in Redis', async () => {
      const signIn = (email: string, password: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password },
          remoteAddress,
        });
      const leaving = await signedUp();
      // Ten strangers' failures: the account now refuses every address it has not signed in from.
      for (let i = 1; i <= 10; i += 1)
        expect((await signIn(leaving.email, 'not it', `198.51.100.${i}`)).statusCode).toBe(401);
      expect((await signIn(leaving.email, leaving.password, '198.51.100.50')).statusCode).toBe(429);
      const emailKeys = async () =>
        (await redisKeys(TEST_REDIS_URL!, redisPrefix)).filter((key) =>
          key.includes(leaving.email.toLowerCase()),
        );
      // A reset mail asked for: its hourly quota is kept in the same store.
      await t.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: leaving.email },
      });
      if (TEST_REDIS_URL) {
        await expect
          .poll(async () => (await redisKeys(TEST_REDIS_URL!, redisPrefix)).join(' '))
          .toContain('reset-mail:');
        expect((await emailKeys()).length).toBeGreaterThanOrEqual(2);
      }

      const res = await remove(leaving.token, leaving.password, leaving.username);
      expect(res.statusCode, res.body).toBe(200);

      if (TEST_REDIS_URL) expect(await emailKeys()).toEqual([]);
      // Someone who signs up again with that email starts with no count and no known address.
      const again = await registerUser(t.app, { ...newIdentity(), email: leaving.email });
      expect((await signIn(again.email, again.password, '198.51.100.51')).statusCode).toBe(200);
    });

    it('does not let the last administrator leave', async () => {
      const solo = await createTestApp();
      try {
        const admin = newIdentity('onlyadmin');
        await createAdmin(solo.db.kysely, admin);
        const token = await loginToken(solo.app, admin.email, admin.password);
        const res = await apiCall(solo.app, 'DELETE', '/api/account', token, {
          password: admin.password,
          confirmation: admin.username,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(/last administrator/);
        expect((await apiCall(solo.app, 'GET', '/api/me', token)).statusCode).toBe(200);

        const second = newIdentity('secondadmin');
        await createAdmin(solo.db.kysely, second);
        const again = await apiCall(solo.app, 'DELETE', '/api/account', token, {
          password: admin.password,
          confirmation: admin.username,
        });
        expect(again.statusCode).toBe(200);
      } finally {
        await solo.close();
      }
    });
  });

  describe('download my data', () => {
    it('streams the account and all its records as JSON, 100,000 links included, and nobody else’s', async () => {
      const [owner, other] = [await signedUp(), await signedUp()];
      const wallet = await apiCall(t.app, 'POST', '/api/wallets', owner.token, {
        wallet_name: 'Main',
        wallet_address: `0x${'ef'.repeat(20)}`,
      });
      const walletId = wallet.json<{ id: number }>().id;
      const day = { day: '2026-01-01', total_usd: 12.5, as_of: '2026-01-01T00:05:00.000Z' };
      await t.db.kysely
        .insertInto('wallet_value_snapshots')
        .values({ wallet_id: walletId, ...day })
        .execute();
      await apiCall(t.app, 'POST', '/api/links', other.token, {
        title: 'Theirs',
        url: 'https://other.example.com',
      });
      const told = (userId: number, title: string) => ({
        user_id: userId,
        title,
        message: 'On chain.',
        chain_transfer_id: null,
        created_at: '2026-11-20T03:00:00.000Z',
      });
      await tellUsers(t.db.kysely, [
        told(owner.id, 'New PIXEL income: 120 PIXEL in Farm wallet'),
        told(other.id, 'New PIXEL income: 9 PIXEL in other.example.com'),
      ]);
      const LINKS = 100_000;
      const now = new Date().toISOString();
      for (let start = 0; start < LINKS; start += 2000) {
        const rows = Array.from({ length: 2000 }, (_, i) => ({
          user_id: owner.id,
          title: `Link ${start + i}`,
          url: `https://example.com/${start + i}`,
          category: null,
          created_at: now,
          updated_at: now,
        }));
        await t.db.kysely.insertInto('links').values(rows).execute();
      }

      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/api/account/export`, { headers: bearer(owner.token) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="nexusplay-data-\d+\.json"$/,
      );
      // Streamed: sent in chunks as it is produced, with no length known in advance.
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      let chunks = 0;
      const parts: Uint8Array[] = [];
      for await (const chunk of res.body!) {
        chunks += 1;
        parts.push(chunk);
      }
      expect(chunks).toBeGreaterThan(10);
      const file = JSON.parse(Buffer.concat(parts).toString('utf8'));
      expect(Object.keys(file)).toEqual([
        'format',
        'version',
        'exported_at',
        'account',
        'wallets',
        'links',
        'income_records',
        'notification_reads',
        'wallet_value_snapshots',
        'user_notifications',
        'price_alerts',
      ]);
      expect(file).toMatchObject({
        format: EXPORT_FORMAT,
        version: 1,
        account: { id: owner.id, email: owner.email, username: owner.username, role: 'user' },
      });
      expect(file.wallets).toHaveLength(1);
      expect(file.wallet_value_snapshots).toEqual([{ id: walletId, days: [day] }]);
      expect(file.user_notifications).toEqual([
        {
          id: expect.any(Number),
          title: 'New PIXEL income: 120 PIXEL in Farm wallet',
          message: 'On chain.',
          chain_transfer_id: null,
          created_at: '2026-11-20T03:00:00.000Z',
          read_at: null,
        },
      ]);
      expect(file.links).toHaveLength(LINKS);
      expect(new Set(file.links.map((link: { id: number }) => link.id)).size).toBe(LINKS);
      expect(file.links[LINKS - 1].title).toBe(`Link ${LINKS - 1}`);
      expect(JSON.stringify(file)).not.toContain('other.example.com');
      expect(JSON.stringify(file)).not.toContain('password');
    }, 120_000);

    it('reads the rows a page at a time as the reader takes them, never all at once', async () => {
      const owner = await signedUp();
      const links = (from: number, count: number, title: string) => {
        const now = new Date().toISOString();
        return Array.from({ length: count }, (_, i) => ({
          user_id: owner.id,
          title: `${title} ${from + i}`,
          url: `https://example.com/${title}/${from + i}`,
          category: null,
          created_at: now,
          updated_at: now,
        }));
      };
      for (let start = 0; start < 20_000; start += 2000)
        await t.db.kysely
          .insertInto('links')
          .values(links(start, 2000, 'Early'))
          .execute();

      // Rows added once the first links have been sent are in the file only if the later pages
      // are read after that, as the reader gets to them.
      const { stream } = await exportAccount(t.db.kysely, owner.id);
      let text = '';
      let added = false;
      for await (const chunk of stream) {
        text += String(chunk);
        if (!added && text.includes('"links":[{')) {
          await t.db.kysely
            .insertInto('links')
            .values(links(0, 5, 'Late'))
            .execute();
          added = true;
        }
      }
      const file = JSON.parse(text) as { links: { title: string }[] };
      expect(added).toBe(true);
      expect(file.links).toHaveLength(20_005);
      expect(file.links.at(-1)!.title).toBe('Late 4');
    });

    it('gives a guest a 401 and no data', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/export' });
      expect(res.statusCode).toBe(401);
    });
  });
});
