import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../src/modules/users/first-admin.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import {
  decodeClaims,
  loginToken,
  newIdentity,
  registerUser,
  signInAdmin,
  signInUser,
} from '../../support/accounts.js';
import { apiCall, bearer, type CallArgs } from '../../support/content.js';

describe('Manage Users API', () => {
  let t: TestApp;
  let admin: { id: number; token: string };
  let userToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t, newIdentity('chief'));
    userToken = (await signInUser(t.app)).token;
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => apiCall(t.app, ...args);

  it('answers 401 to a guest and 403 to a user on every route', async () => {
    const body = { ...newIdentity(), role: 'user' };
    for (const [token, status] of [
      [undefined, 401],
      [userToken, 403],
    ] as const) {
      expect((await call('GET', '/api/users', token)).statusCode).toBe(status);
      expect((await call('POST', '/api/users', token, body)).statusCode).toBe(status);
      expect((await call('PUT', `/api/users/${admin.id}`, token, body)).statusCode).toBe(status);
      expect((await call('DELETE', `/api/users/${admin.id}`, token)).statusCode).toBe(status);
    }
  });

  it('lists accounts without password hashes, searchable and paged', async () => {
    const res = await call('GET', '/api/users', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|argon2/i);
    expect(res.json()[0]).toEqual({
      id: admin.id,
      username: expect.any(String),
      email: expect.any(String),
      role: 'admin',
      created_at: expect.any(String),
    });
    const found = await call('GET', '/api/users?q=CHIEF', admin.token);
    expect(found.json().map((u: { id: number }) => u.id)).toEqual([admin.id]);
    expect(found.headers['x-total-count']).toBe('1');
  });

  it('creates an account whose one-time password signs in', async () => {
    const identity = newIdentity('made');
    const res = await call('POST', '/api/users', admin.token, {
      id: 999,
      username: identity.username,
      email: identity.email,
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const { user, password } = res.json();
    expect(user).toMatchObject({
      username: identity.username,
      email: identity.email,
      role: 'admin',
    });
    expect(user.id).not.toBe(999);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const token = await loginToken(t.app, identity.email, password);
    expect(decodeClaims(token).role).toBe('admin');
    // The password is nowhere to be read again.
    expect((await call('GET', '/api/users', admin.token)).body).not.toContain(password);
  });

  it('validates the form and reports taken identities with 409', async () => {
    const bad = await call('POST', '/api/users', admin.token, {
      username: 'x',
      email: 'nope',
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'role', 'username']);
    expect(bad.json().errors.role).toBe('Role must be admin or user.');
    const existing = await registerUser(t.app);
    const taken = await call('POST', '/api/users', admin.token, { ...existing, role: 'user' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({
      email: 'This email is already registered.',
      username: 'This username is already taken.',
    });
  });

  it('edits an account, and a demoted admin loses admin access at once', async () => {
    const identity = newIdentity('deputy');
    const created = (
      await call('POST', '/api/users', admin.token, { ...identity, role: 'admin' })
    ).json();
    const deputyToken = await loginToken(t.app, identity.email, created.password);
    expect((await call('GET', '/api/users', deputyToken)).statusCode).toBe(200);

    const renamed = newIdentity('renamed');
    const res = await call('PUT', `/api/users/${created.user.id}`, admin.token, {
      username: renamed.username,
      email: renamed.email,
      role: 'user',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: renamed.username,
      email: renamed.email,
      role: 'user',
    });
    // The change of role ended the deputy's sessions: the old token is refused outright.
    expect((await call('GET', '/api/users', deputyToken)).statusCode).toBe(401);

    const clash = await call('PUT', `/api/users/${created.user.id}`, admin.token, {
      username: renamed.username,
      email: (await call('GET', `/api/users?q=chief`, admin.token)).json()[0].email,
      role: 'user',
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await call('PUT', '/api/users/999999', admin.token, { ...newIdentity(), role: 'user' }))
        .statusCode,
    ).toBe(404);
  });

  it('never removes or demotes the last admin, and an admin cannot delete themselves', async () => {
    const t2 = await createTestApp();
    try {
      const identity = newIdentity('solo');
      const { user } = await createAdmin(t2.db.kysely, identity);
      const token = await loginToken(t2.app, identity.email, identity.password);
      const demote = await t2.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        payload: { username: identity.username, email: identity.email, role: 'user' },
        headers: bearer(token),
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/^The last administrator cannot be removed/);

      const self = await t2.app.inject({
        method: 'DELETE',
        url: `/api/users/${user.id}`,
        headers: bearer(token),
      });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ message: 'You cannot delete your own account from here.' });

      const second = newIdentity('second');
      const { user: other } = await createAdmin(t2.db.kysely, second);
      const otherToken = await loginToken(t2.app, second.email, second.password);
      const removed = await t2.app.inject({
        method: 'DELETE',
        url: `/api/users/${user.id}`,
        headers: bearer(otherToken),
      });
      expect(removed.statusCode).toBe(200);
      // The deleted admin's token stops working, and the survivor is now the last admin.
      expect(
        (await t2.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode,
      ).toBe(401);
      const last = await t2.app.inject({
        method: 'PUT',
        url: `/api/users/${other.id}`,
        payload: { username: second.username, email: second.email, role: 'user' },
        headers: bearer(otherToken),
      });
      expect(last.statusCode).toBe(409);
    } finally {
      await t2.close();
    }
  });
});
