import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChildData,
  startChildServer,
  type ChildData,
  type ChildServer,
} from './support/child-server.js';
import { pngImage } from './support/content.js';
import { dropRedisPrefix, TEST_REDIS_URL } from './support/shared-pair.js';
import { TEST_ENGINE } from './support/test-app.js';

const ADMIN = { email: 'admin@example.com', password: 'admin password for tests' };

type Answer = { status: number; body: unknown; headers: Headers };

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body ? { body } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not every answer is JSON (pictures, for one).
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

async function token(base: string, email: string, password: string) {
  const res = await call(base, 'POST', '/api/login', { json: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { token: string }).token;
}

/**
 * Two production servers (src/main.ts, each its own process) on one PostgreSQL database and one
 * Redis, as they would run behind a load balancer.
 */
describe.skipIf(TEST_ENGINE !== 'postgres' || !TEST_REDIS_URL)(
  'two instances on PostgreSQL and Redis',
  () => {
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    let data: ChildData;
    let a: ChildServer;
    let b: ChildServer;
    let admin: string;

    beforeAll(async () => {
      data = await createChildData('scaleout');
      const env = { REDIS_URL: TEST_REDIS_URL!, REDIS_PREFIX: prefix };
      // Started together, as a deployment would: migrations, the first admin and the signing
      // secret must each happen once whatever the race.
      [a, b] = await Promise.all([startChildServer(data, env), startChildServer(data, env)]);
      admin = await token(a.url, ADMIN.email, ADMIN.password);
    });
    afterAll(async () => {
      await Promise.all([a?.kill(), b?.kill()]);
      await data?.remove();
      await dropRedisPrefix(TEST_REDIS_URL!, prefix);
    });

    it('both are ready, share one admin and accept each other’s tokens', async () => {
      for (const server of [a, b]) {
        const ready = await call(server.url, 'GET', '/api/ready');
        expect(ready.body).toEqual({ status: 'ready', database: 'postgres', redis: 'ok' });
        expect((await call(server.url, 'GET', '/api/me', { token: admin })).status).toBe(200);
      }
      const admins = await data.query(`select count(*)::int as n from users where role = 'admin'`);
      expect(admins[0]?.n).toBe(1);
    });

    it('ends at once on both a session signed out on one and a role changed on the other', async () => {
      const user = { username: 'roamer', email: 'roamer@example.com', password: 'r0amer pass!' };
      expect((await call(a.url, 'POST', '/api/register', { json: user })).status).toBe(201);
      const laptop = await token(a.url, user.email, user.password);
      const phone = await token(b.url, user.email, user.password);
      // Each instance has checked both sessions, and keeps what it found in memory.
      for (const server of [a, b]) {
        for (const session of [laptop, phone]) {
          expect((await call(server.url, 'GET', '/api/me', { token: session })).status).toBe(200);
        }
      }
      expect((await call(b.url, 'POST', '/api/logout', { token: laptop })).status).toBe(200);
      for (const server of [a, b]) {
        expect((await call(server.url, 'GET', '/api/me', { token: laptop })).status).toBe(401);
        expect((await call(server.url, 'GET', '/api/me', { token: phone })).status).toBe(200);
      }
      const me = (await call(a.url, 'GET', '/api/me', { token: phone })).body as { id: number };
      const changed = await call(a.url, 'PUT', `/api/users/${me.id}`, {
        token: admin,
        json: { username: user.username, email: user.email, role: 'admin' },
      });
      expect(changed.status).toBe(200);
      for (const server of [a, b]) {
        expect((await call(server.url, 'GET', '/api/me', { token: phone })).status).toBe(401);
      }
    });

    it('reads on one a write made on the other, at once', async () => {
      const names = async (base: string) =>
        ((await call(base, 'GET', '/api/tools')).body as { name: string }[]).map((t) => t.name);
      await names(a.url);
      await names(b.url);
      const created = await call(a.url, 'POST', '/api/tools', {
        token: admin,
        json: { name: 'Shared Tool', icon: 'wallet', description: 'Alat.', link: '/tools/x' },
      });
      expect(created.status).toBe(201);
      expect(await names(b.url)).toContain('Shared Tool');
    });

    it('serves from one a picture uploaded to the other', async () => {
      const form = new FormData();
      form.append('name', 'Scale Game');
      form.append('description', 'Uploaded to one instance.');
      form.append('link', 'https://example.com/game');
      form.append('image', new Blob([await pngImage(80, 60)], { type: 'image/png' }), 'c.png');
      const created = await call(a.url, 'POST', '/api/games', { token: admin, form });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const image = (created.body as { image: string }).image;
      expect(image).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      const fromB = await fetch(`${b.url}${image}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      const fromA = await fetch(`${a.url}${image}`);
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(
        Buffer.from(await fromA.arrayBuffer()),
      );
    });

    it('keeps answering on one while the other is killed mid-load', async () => {
      const user = {
        username: 'survivor',
        email: 'survivor@example.com',
        password: 'quartz lagoon 17 ember',
      };
      expect((await call(b.url, 'POST', '/api/register', { json: user })).status).toBe(201);
      const userToken = await token(b.url, user.email, user.password);

      const onB: Answer[] = [];
      let stop = false;
      const worker = async (i: number) => {
        let n = 0;
        while (!stop) {
          n += 1;
          const answer =
            n % 3 === 0
              ? await call(b.url, 'POST', '/api/links', {
                  token: userToken,
                  json: { title: `Link ${i}-${n}`, url: `https://example.com/${i}/${n}` },
                })
              : await call(b.url, 'GET', n % 2 ? '/api/games' : '/api/links', {
                  token: userToken,
                });
          onB.push(answer);
          // The other instance takes its share of the traffic until it dies.
          await call(a.url, 'GET', '/api/tools').catch(() => undefined);
        }
      };
      const workers = Array.from({ length: 10 }, (_, i) => worker(i));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await a.kill();
      const beforeKill = onB.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      stop = true;
      await Promise.all(workers);

      expect(beforeKill).toBeGreaterThan(0);
      expect(onB.length).toBeGreaterThan(beforeKill);
      const failures = onB.filter((answer) => answer.status >= 300);
      expect(failures).toEqual([]);
      const links = await call(b.url, 'GET', '/api/links?limit=1000', { token: userToken });
      const written = onB.filter((answer) => answer.status === 201).length;
      expect(Number(links.headers.get('x-total-count'))).toBe(written);
    });

    it('counts sign-in failures made on both against the same account', async () => {
      const victim = {
        username: 'victim',
        email: 'victim@example.com',
        password: 'quartz lagoon 17 ember',
      };
      const c = await startChildServer(data, { REDIS_URL: TEST_REDIS_URL!, REDIS_PREFIX: prefix });
      try {
        expect((await call(b.url, 'POST', '/api/register', { json: victim })).status).toBe(201);
        for (let i = 0; i < 10; i += 1) {
          const res = await call(i % 2 ? b.url : c.url, 'POST', '/api/login', {
            json: { email: victim.email, password: `wrong ${i}` },
          });
          expect(res.status).toBe(401);
        }
        for (const server of [b, c]) {
          const res = await call(server.url, 'POST', '/api/login', {
            json: { email: victim.email, password: victim.password },
          });
          expect(res.status).toBe(429);
        }
      } finally {
        await c.kill();
      }
    });
  },
);
