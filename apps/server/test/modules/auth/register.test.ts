import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { newIdentity, registerUser } from '../../support/accounts.js';

describe('POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

  it('creates a user with the user role and answers 201 without the password hash', async () => {
    const identity = newIdentity();
    const res = await register(identity);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      username: identity.username,
      email: identity.email,
      role: 'user',
    });
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('stores an argon2id hash at OWASP minimum cost, never the password', async () => {
    const identity = newIdentity();
    await registerUser(t.app, identity);
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['password_hash', 'created_at'])
      .where('email', '=', identity.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(identity.password);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('ignores a role in the body: nobody signs up as admin', async () => {
    const res = await register({ ...newIdentity(), role: 'admin', id: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
  });

  it('answers 409 with an email error for an email taken in any letter case', async () => {
    const first = await registerUser(t.app);
    const res = await register({ ...newIdentity(), email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This email is already registered.',
      errors: { email: 'This email is already registered.' },
    });
  });

  it('answers 409 with a username error for a username taken in any letter case', async () => {
    const first = await registerUser(t.app);
    const res = await register({ ...newIdentity(), username: first.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ username: 'This username is already taken.' });
  });

  it.each([
    [
      'full-width letters',
      (name: string) =>
        name.replace(/[a-z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)),
    ],
    ['a ligature', (name: string) => `${name}\ufb01`, (name: string) => `${name}fi`],
    ['a sharp s', (name: string) => `${name}STRASSE`, (name: string) => `${name}straße`],
    ['a superscript digit', (name: string) => `${name}\u00b2`, (name: string) => `${name}2`],
  ])(
    'answers 409 for a username that only differs from a taken one by %s',
    async (_what, lookAlike, original = (name: string) => name) => {
      const base = `look${Math.random().toString(36).slice(2, 8)}`;
      await registerUser(t.app, { ...newIdentity(), username: original(base) });
      const res = await register({ ...newIdentity(), username: lookAlike(base) });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ username: 'This username is already taken.' });
    },
  );

  it('reports both conflicts at once, email first', async () => {
    const first = await registerUser(t.app);
    const res = await register({ ...first });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This email is already registered.',
      errors: {
        email: 'This email is already registered.',
        username: 'This username is already taken.',
      },
    });
  });

  it('answers 400 with an error for every missing field', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password', 'username']);
    expect(typeof body.message).toBe('string');
  });

  it.each([
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ username: 'a' }, 'username', 'Username must be at least 3 characters.'],
    [
      { username: '<script>' },
      'username',
      'Username may use letters, digits, dots, dashes and underscores only.',
    ],
    [{ password: 'x'.repeat(257) }, 'password', 'Password must be at most 256 characters.'],
    [{ email: 12 }, 'email', 'Email is required.'],
  ])('rejects %j with a field error', async (patch, field, message) => {
    const res = await register({ ...newIdentity(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('rejects a body that is not JSON, or not an object, with the error shape', async () => {
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const array = await register([1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBe('The request body must be a JSON object.');
  });

  it('writes nothing when the request is rejected', async () => {
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await register({ ...newIdentity(), email: 'bad' });
    await register({ ...newIdentity(), password: '1' });
    expect(await count()).toBe(before);
  });

  it('trims the username and email and stores the email in lower case', async () => {
    const identity = newIdentity();
    const res = await register({
      ...identity,
      username: `  ${identity.username} `,
      email: `  ${identity.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: identity.username, email: identity.email });
  });
});

describe('registration rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTER_MAX_PER_HOUR: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 in the error shape once an address has registered too often', async () => {
    for (let i = 0; i < 3; i += 1) await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newIdentity(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests/);
  });
});
