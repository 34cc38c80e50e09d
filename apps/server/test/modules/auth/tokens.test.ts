import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { decodeClaims, loginToken, registerUser } from '../../support/accounts.js';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(header: object, payload: object, secret: string) {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('bearer tokens on signed-in and admin routes', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        // A probe route that only an admin may call, to test the access hook itself.
        app.get('/api/test-admin-probe', { config: { access: 'admin' } }, async () => ({
          ok: true,
        }));
      },
    });
    user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(() => t.close());

  const me = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authorization ? { authorization } : {},
    });

  it('answers the signed-in account for a valid token', async () => {
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'user',
    });
  });

  it('answers 401 without a token or with a malformed header', async () => {
    for (const header of [undefined, 'Bearer', `Basic ${token}`, 'Bearer not.a.jwt']) {
      const res = await me(header);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('refuses alg none, another algorithm, a bad signature and a tampered role', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      id: user.id,
      userId: user.id,
      role: 'admin',
      email: user.email,
      username: user.username,
      iat: now,
      exp: now + 600,
    };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const hs512 = (() => {
      const body = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
      return `${body}.${createHmac('sha512', t.config.jwtSecret!).update(body).digest('base64url')}`;
    })();
    const wrongKey = sign(
      { alg: 'HS256', typ: 'JWT' },
      claims,
      'some-other-secret-of-enough-length-x',
    );
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${b64(claims)}.${signature}`;
    for (const forged of [none, hs512, wrongKey, tampered]) {
      expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
    }
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = sign(
      { alg: 'HS256', typ: 'JWT' },
      {
        id: user.id,
        userId: user.id,
        role: 'user',
        email: user.email,
        username: user.username,
        iat: past - 60,
        exp: past,
      },
      t.config.jwtSecret!,
    );
    expect((await me(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  /** The claims of a real token, changed as a test says, signed with the server's own key. */
  function resign(change: (claims: Record<string, unknown>) => void) {
    const claims = decodeClaims(token);
    change(claims);
    return `Bearer ${sign({ alg: 'HS256', typ: 'JWT' }, claims, t.config.jwtSecret!)}`;
  }

  it('refuses a correctly signed token that never expires or does not say when it was issued', async () => {
    expect((await me(resign(() => {}))).statusCode).toBe(200);
    for (const claim of ['exp', 'iat']) {
      const res = await me(resign((claims) => delete claims[claim]));
      expect(res.statusCode, claim).toBe(401);
      expect(res.json().message).toBe(
        'Your session has expired or is invalid. Please sign in again.',
      );
    }
  });

  it('refuses a token issued in the future, beyond a small clock skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = (offset: number) =>
      resign((claims) => {
        claims.iat = now + offset;
        claims.exp = now + offset + 3600;
      });
    expect((await me(issuedAt(600))).statusCode).toBe(401);
    expect((await me(issuedAt(86_400))).statusCode).toBe(401);
    // Another instance's clock may run a little ahead of this one's.
    expect((await me(issuedAt(20))).statusCode).toBe(200);
  });

  it('refuses the token of an account that no longer exists', async () => {
    const doomed = await registerUser(t.app);
    const doomedToken = await loginToken(t.app, doomed.email, doomed.password);
    await t.db.kysely.deleteFrom('users').where('id', '=', doomed.id).execute();
    const res = await me(`Bearer ${doomedToken}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your account no longer exists. Please sign in again.');
  });

  it('lets an admin through the admin hook and answers 403 to a user, 401 to a guest', async () => {
    const probe = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/test-admin-probe',
        headers: authorization ? { authorization } : {},
      });
    expect((await probe()).statusCode).toBe(401);
    const forbidden = await probe(`Bearer ${token}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is for administrators only.' });

    const promoted = await registerUser(t.app);
    const promotedToken = await loginToken(t.app, promoted.email, promoted.password);
    // The role is read from the database on each request, so a promotion counts at once.
    await t.db.kysely
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', promoted.id)
      .execute();
    expect((await probe(`Bearer ${promotedToken}`)).statusCode).toBe(200);
  });
});
