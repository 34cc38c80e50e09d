import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createAdmin } from '../../../src/modules/users/first-admin.js';
import {
  decodeClaims,
  loginToken,
  newIdentity,
  registerUser,
  signInAdmin,
} from '../../support/accounts.js';
import { apiCall } from '../../support/content.js';
import { createSharedPair, TEST_REDIS_URL, type SharedPair } from '../../support/shared-pair.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const ENDED = 'Your session has ended. Please sign in again.';

type Account = Awaited<ReturnType<typeof registerUser>>;

describe('ending sessions on the server', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await signInAdmin(t)).token;
  });
  afterAll(() => t.close());

  const me = (token: string) => apiCall(t.app, 'GET', '/api/me', token);
  const logout = (token?: string) => apiCall(t.app, 'POST', '/api/logout', token);
  const signIn = (account: Account) => loginToken(t.app, account.email, account.password);

  it('ends the session that signs out, and no other session of the same account', async () => {
    const account = await registerUser(t.app);
    const [laptop, phone] = [await signIn(account), await signIn(account)];

    const res = await logout(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out.' });

    const refused = await me(laptop);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: ENDED });
    expect((await logout(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(await signIn(account))).statusCode).toBe(200);
  });

  it('answers 401 to a caller without a token', async () => {
    expect((await logout()).statusCode).toBe(401);
  });

  it('keeps a signed-out token refused after a restart', async () => {
    const account = await registerUser(t.app);
    const token = await signIn(account);
    await logout(token);
    const restarted = await buildApp({ config: t.config, db: t.db });
    try {
      expect((await apiCall(restarted, 'GET', '/api/me', token)).statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  it('ends every session of an account whose role an admin changes', async () => {
    const account = await registerUser(t.app);
    const tokens = [await signIn(account), await signIn(account)];
    const change = (role: 'admin' | 'user') =>
      apiCall(t.app, 'PUT', `/api/users/${account.id}`, adminToken, {
        username: account.username,
        email: account.email,
        role,
      });

    // An edit that keeps the role keeps the sessions.
    expect((await change('user')).statusCode).toBe(200);
    for (const token of tokens) expect((await me(token)).statusCode).toBe(200);

    expect((await change('admin')).statusCode).toBe(200);
    for (const token of tokens)
      expect((await me(token)).json()).toEqual({
        message:
          'You were signed out because an administrator changed the role of this account. Please sign in again.',
      });
    expect((await me(adminToken)).statusCode).toBe(200);
    const fresh = await signIn(account);
    expect(decodeClaims(fresh).role).toBe('admin');
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('refuses at once the sessions of an account an admin deletes, though just checked', async () => {
    const account = await registerUser(t.app);
    const token = await signIn(account);
    expect((await me(token)).statusCode).toBe(200);
    const deleted = await apiCall(t.app, 'DELETE', `/api/users/${account.id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect((await me(token)).json()).toEqual({
      message: 'Your account no longer exists. Please sign in again.',
    });
  });

  it('tells a token ended two endings ago only that it ended, not the latest reason', async () => {
    const account = await registerUser(t.app);
    const token = await signIn(account);
    const changePassword = async (from: string, current: string, next: string) => {
      const res = await apiCall(t.app, 'POST', '/api/account/password', from, {
        current_password: current,
        new_password: next,
        confirm_password: next,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const fresh = await changePassword(token, account.password, 'a first new passphrase');
    await changePassword(fresh, 'a first new passphrase', 'a second new passphrase');
    expect((await me(fresh)).json().message).toMatch(/password of this account was changed/);
    expect((await me(token)).json()).toEqual({ message: ENDED });
  });

  it('answers a session it has checked from memory, without reading the database', async () => {
    const account = await registerUser(t.app);
    const token = await signIn(account);
    expect((await me(token)).statusCode).toBe(200);
    // Behind the app's back (no write of the app does this): the check is not made again.
    await t.db.kysely
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', account.id)
      .execute();
    expect((await me(token)).json()).toMatchObject({ role: 'user' });
    // Once a write of the app announces the change, the database is read again.
    await t.app.sessions.ended([{ userId: account.id }]);
    expect((await me(token)).json()).toMatchObject({ role: 'admin' });
  });
});

describe('the list of signed-out tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JWT_TTL: '1s' } });
  });
  afterAll(() => t.close());

  const jtis = async () =>
    (await t.db.kysely.selectFrom('revoked_tokens').select('jti').execute()).map((r) => r.jti);

  it('forgets a token once it has expired anyway', async () => {
    const account = await registerUser(t.app);
    const first = await loginToken(t.app, account.email, account.password);
    expect((await apiCall(t.app, 'POST', '/api/logout', first)).statusCode).toBe(200);
    expect(await jtis()).toEqual([decodeClaims(first).jti]);

    await sleep(1100);
    const second = await loginToken(t.app, account.email, account.password);
    expect((await apiCall(t.app, 'POST', '/api/logout', second)).statusCode).toBe(200);
    expect(await jtis()).toEqual([decodeClaims(second).jti]);
  });
});

describe.skipIf(!TEST_REDIS_URL)('signing out with two instances', () => {
  let pair: SharedPair;
  beforeAll(async () => {
    pair = await createSharedPair();
  });
  afterAll(() => pair.close());

  it('refuses on one instance at once a token signed out on the other', async () => {
    const account = await registerUser(pair.a);
    const token = await loginToken(pair.a, account.email, account.password);
    expect((await apiCall(pair.b, 'GET', '/api/me', token)).statusCode).toBe(200);
    expect((await apiCall(pair.a, 'POST', '/api/logout', token)).statusCode).toBe(200);
    expect((await apiCall(pair.b, 'GET', '/api/me', token)).statusCode).toBe(401);
  });

  it('refuses on both instances the sessions an admin ended on one', async () => {
    const identity = newIdentity('chief');
    await createAdmin(pair.a.db.kysely, identity);
    const admin = await loginToken(pair.a, identity.email, identity.password);
    const account = await registerUser(pair.a);
    const token = await loginToken(pair.b, account.email, account.password);
    // Both have checked the session, and keep what they found in memory.
    for (const app of [pair.a, pair.b]) {
      expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(200);
    }
    const changed = await apiCall(pair.a, 'PUT', `/api/users/${account.id}`, admin, {
      username: account.username,
      email: account.email,
      role: 'admin',
    });
    expect(changed.statusCode).toBe(200);
    for (const app of [pair.a, pair.b]) {
      expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(401);
    }
  });

  it('ends on both instances the sessions a password change or "sign out everywhere" ends on one', async () => {
    const account = await registerUser(pair.a);
    const [laptop, phone, tablet] = [
      await loginToken(pair.a, account.email, account.password),
      await loginToken(pair.b, account.email, account.password),
      await loginToken(pair.b, account.email, account.password),
    ];
    const checkedOnBoth = async (tokens: string[]) => {
      for (const app of [pair.a, pair.b]) {
        for (const token of tokens) {
          expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(200);
        }
      }
    };
    await checkedOnBoth([laptop, phone, tablet]);
    const newPassword = 'a brand new passphrase 42';
    const changed = await apiCall(pair.a, 'POST', '/api/account/password', laptop, {
      current_password: account.password,
      new_password: newPassword,
      confirm_password: newPassword,
    });
    expect(changed.statusCode).toBe(200);
    const fresh = (changed.json() as { token: string }).token;
    for (const app of [pair.a, pair.b]) {
      for (const token of [laptop, phone, tablet]) {
        expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(401);
      }
    }
    const other = await loginToken(pair.a, account.email, newPassword);
    await checkedOnBoth([fresh, other]);
    expect((await apiCall(pair.b, 'POST', '/api/account/logout-all', other)).statusCode).toBe(200);
    for (const app of [pair.a, pair.b]) {
      for (const token of [fresh, other]) {
        expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(401);
      }
    }
  });

  it('refuses on both instances the sessions of an account deleted on one', async () => {
    const identity = newIdentity('chief');
    await createAdmin(pair.a.db.kysely, identity);
    const admin = await loginToken(pair.a, identity.email, identity.password);
    const account = await registerUser(pair.a);
    const token = await loginToken(pair.b, account.email, account.password);
    for (const app of [pair.a, pair.b]) {
      expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(200);
    }
    expect((await apiCall(pair.b, 'DELETE', `/api/users/${account.id}`, admin)).statusCode).toBe(
      200,
    );
    for (const app of [pair.a, pair.b]) {
      expect((await apiCall(app, 'GET', '/api/me', token)).statusCode).toBe(401);
    }
  });
});
