import type { App } from '../../src/app.js';

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

export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
