import type { App } from '../../src/app.js';
import { createAdmin } from '../../src/modules/users/first-admin.js';
import { createTestApp, type TestApp } from './test-app.js';

let counter = 0;

/** A distinct, valid identity for each call, so tests never collide on unique columns. */
export function newIdentity(prefix = 'player') {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { username: tag, email: `${tag}@example.com`, password: 'correct horse battery' };
}

export async function registerUser(app: App, identity = newIdentity()) {
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: identity });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...identity, id: res.json<{ id: number }>().id };
}

export async function loginToken(app: App, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

type AppWithDb = Pick<TestApp, 'app' | 'db'>;

/** An admin account (made as the `admin` command makes one), signed in. */
export async function signInAdmin(t: AppWithDb, identity = newIdentity('admin')) {
  const { user } = await createAdmin(t.db.kysely, identity);
  return {
    ...identity,
    id: user.id,
    token: await loginToken(t.app, identity.email, identity.password),
  };
}

export type Tokens = { admin: string; user: string };

/** A new ordinary account, registered through the API, signed in. */
export async function signInUser(app: App, identity = newIdentity()) {
  const account = await registerUser(app, identity);
  return { ...account, token: await loginToken(app, account.email, account.password) };
}

/** A signed-in admin and a signed-in ordinary user of the test app. */
export async function signInBoth(t: AppWithDb): Promise<Tokens> {
  return { admin: (await signInAdmin(t)).token, user: (await signInUser(t.app)).token };
}

/** The real app on a fresh database (see createTestApp) with a signed-in admin and user. */
export async function createSignedInApp(options?: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  try {
    return { t, tokens: await signInBoth(t) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
