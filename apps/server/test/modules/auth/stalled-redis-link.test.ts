import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEnd } from '../../../src/modules/auth/session-cache.js';
import { connectRedis } from '../../../src/redis/redis.js';
import {
  COUNT_PROOF_MS,
  LINK_PROOF_MS,
  RedisSessionEnds,
  UNCONFIRMED_WAIT_MS,
} from '../../../src/modules/auth/redis-session-ends.js';
import {
  raiseSessionEnds,
  readSessionEnds,
} from '../../../src/modules/auth/sessions.repository.js';
import {
  createChildData,
  startChildServer,
  type ChildData,
  type ChildServer,
} from '../../support/child-server.js';
import { startFreezingProxy, type FreezingProxy } from '../../support/freezing-proxy.js';
import { dropRedisPrefix, TEST_REDIS_URL } from '../../support/shared-pair.js';
import { createTestDatabase, TEST_ENGINE } from '../../support/test-app.js';

type Answer = { status: number; body: unknown };

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text.
  }
  return { status: res.status, body };
}

/** How long the ended sessions are tried on the stalled instance after the write has answered. */
const PROBE_MS = 3_000;

/**
 * Two production servers on one PostgreSQL database and one Redis: E reaches Redis directly, F
 * through a proxy that can stop forwarding while keeping its sockets open (a stalled link: no
 * error, no close). A write on E that ends sessions answers once F confirmed or a bound passed;
 * from then on F must refuse what it ended, although F cannot hear the announcement.
 */
describe.skipIf(TEST_ENGINE !== 'postgres' || !TEST_REDIS_URL)(
  'ended sessions while an instance’s Redis link is stalled',
  () => {
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const admin = {
      email: 'admin@example.com',
      password: `Adm1n-${randomBytes(12).toString('base64url')}-quill`,
    };
    let data: ChildData;
    let proxy: FreezingProxy;
    let e: ChildServer;
    let f: ChildServer;

    beforeAll(async () => {
      const redis = new URL(TEST_REDIS_URL!);
      proxy = await startFreezingProxy({
        host: redis.hostname,
        port: Number(redis.port || 6379),
      });
      const throughProxy = new URL(TEST_REDIS_URL!);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      data = await createChildData('stalledlink');
      // One after the other: each start is then quicker on a busy machine, within its bound.
      e = await startChildServer(data, {
        REDIS_URL: TEST_REDIS_URL!,
        REDIS_PREFIX: prefix,
        ADMIN_PASSWORD: admin.password,
      });
      f = await startChildServer(data, {
        REDIS_URL: throughProxy.href,
        REDIS_PREFIX: prefix,
        ADMIN_PASSWORD: admin.password,
      });
    }, 90_000);
    afterAll(async () => {
      proxy?.thaw();
      await Promise.all([e?.kill(), f?.kill()]);
      await proxy?.close();
      await data?.remove();
      await dropRedisPrefix(TEST_REDIS_URL!, prefix);
    });

    const account = () => {
      const id = randomBytes(4).toString('hex');
      return {
        username: `stalled${id}`,
        email: `stalled${id}@example.com`,
        password: `Qz7!${randomBytes(9).toString('base64url')}-vane`,
      };
    };
    const register = async (user: ReturnType<typeof account>) => {
      const res = await call(e.url, 'POST', '/api/register', { json: user });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    const signIn = async (user: { email: string; password: string }) => {
      const res = await call(e.url, 'POST', '/api/login', { json: user });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { token: string }).token;
    };
    /**
     * What an instance (F unless said) has kept in memory: the session's check and the signed-in
     * answer of its wallets.
     */
    const warm = async (token: string, on: ChildServer = f) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await call(on.url, 'GET', '/api/me', { token })).status).toBe(200);
        expect(
          (await call(on.url, 'GET', '/api/wallets?limit=10&offset=0', { token })).status,
        ).toBe(200);
      }
    };
    /**
     * Tries `ended` on F for PROBE_MS, one request after the other, beside a session that still
     * stands (which F must keep serving, from the database). Answers the statuses seen.
     */
    const probe = async (ended: readonly string[], standing: string, on: ChildServer = f) => {
      const statuses: number[] = [];
      const standingStatuses: number[] = [];
      const until = Date.now() + PROBE_MS;
      while (Date.now() < until) {
        for (const token of ended) {
          statuses.push((await call(on.url, 'GET', '/api/me', { token })).status);
          statuses.push(
            (await call(on.url, 'GET', '/api/wallets?limit=10&offset=0', { token })).status,
          );
        }
        standingStatuses.push((await call(on.url, 'GET', '/api/me', { token: standing })).status);
      }
      return { statuses, standingStatuses };
    };
    /**
     * Thaws F's link; answers how long a sign-out on E then takes (F confirming it again, well
     * within the 1 s bound, once the link moves).
     */
    const thawed = async () => {
      proxy.thaw();
      const user = account();
      await register(user);
      const token = await signIn(user);
      expect((await call(f.url, 'GET', '/api/me', { token })).status).toBe(200);
      const started = Date.now();
      expect((await call(e.url, 'POST', '/api/logout', { token })).status).toBe(200);
      return Date.now() - started;
    };

    it('refuses on F a session signed out on E, from the moment the sign-out answers', async () => {
      const user = account();
      await register(user);
      const signedOut = await signIn(user);
      const standing = await signIn(user);
      const wallet = await call(f.url, 'POST', '/api/wallets', {
        token: standing,
        json: { wallet_name: 'Kept', wallet_address: `0x${'7'.repeat(40)}` },
      });
      expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
      await warm(signedOut);
      await warm(standing);

      proxy.freeze();
      try {
        const started = Date.now();
        const logout = await call(e.url, 'POST', '/api/logout', { token: signedOut });
        const took = Date.now() - started;
        expect(logout.status).toBe(200);
        const { statuses, standingStatuses } = await probe([signedOut], standing);
        console.log(
          `stalled link, sign-out: answered in ${took} ms; F then accepted ${statuses.filter((s) => s === 200).length} of ${statuses.length} requests with the ended token over ${PROBE_MS} ms`,
        );
        expect(statuses.length).toBeGreaterThan(10);
        expect(statuses.filter((status) => status !== 401)).toEqual([]);
        expect(standingStatuses.filter((status) => status !== 200)).toEqual([]);
      } finally {
        const confirmedIn = await thawed();
        // Thawed, F confirms again: a sign-out answers as soon as both instances dropped it.
        expect(confirmedIn).toBeLessThan(900);
      }
      expect((await call(f.url, 'GET', '/api/me', { token: signedOut })).status).toBe(401);
      expect((await call(f.url, 'GET', '/api/me', { token: standing })).status).toBe(200);
    }, 30_000);

    it('refuses on F every session of a password changed on E, from the moment the change answers', async () => {
      const user = account();
      await register(user);
      const changing = await signIn(user);
      const other = await signIn(user);
      const bystander = account();
      await register(bystander);
      const standing = await signIn(bystander);
      await warm(changing);
      await warm(other);
      await warm(standing);

      proxy.freeze();
      try {
        const changed = await call(e.url, 'POST', '/api/account/password', {
          token: changing,
          json: {
            current_password: user.password,
            new_password: `${user.password}-new`,
            confirm_password: `${user.password}-new`,
          },
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        const { statuses, standingStatuses } = await probe([changing, other], standing);
        console.log(
          `stalled link, password change: F then accepted ${statuses.filter((s) => s === 200).length} of ${statuses.length} requests with the ended tokens over ${PROBE_MS} ms`,
        );
        expect(statuses.length).toBeGreaterThan(10);
        expect(statuses.filter((status) => status !== 401)).toEqual([]);
        expect(standingStatuses.filter((status) => status !== 200)).toEqual([]);
      } finally {
        await thawed();
      }
    }, 30_000);

    it('refuses on F the sessions of an account an administrator deleted on E', async () => {
      const administrator = await signIn(admin);
      const user = account();
      await register(user);
      const deleted = await signIn(user);
      const { id } = (await call(e.url, 'GET', '/api/me', { token: deleted })).body as {
        id: number;
      };
      const bystander = account();
      await register(bystander);
      const standing = await signIn(bystander);
      await warm(deleted);
      await warm(standing);

      proxy.freeze();
      try {
        const removed = await call(e.url, 'DELETE', `/api/users/${id}`, { token: administrator });
        expect(removed.status, JSON.stringify(removed.body)).toBe(200);
        const { statuses, standingStatuses } = await probe([deleted], standing);
        console.log(
          `stalled link, account deleted: F then accepted ${statuses.filter((s) => s === 200).length} of ${statuses.length} requests with its token over ${PROBE_MS} ms`,
        );
        expect(statuses.length).toBeGreaterThan(10);
        expect(statuses.filter((status) => status !== 401)).toEqual([]);
        expect(standingStatuses.filter((status) => status !== 200)).toEqual([]);
      } finally {
        await thawed();
      }
    }, 30_000);

    /**
     * The other direction: the write is made on F, whose link to Redis is stalled, so its
     * announcement reaches nobody; E, whose link is proven, must refuse what it ended from the
     * moment the write answers (it learns of it from the count the write raised in the database).
     * A password change or a deletion of one's own account is not among them: it checks the
     * password through the sign-in throttle, which F cannot reach, and is refused (503) before
     * anything is written.
     */
    type Ending = {
      name: string;
      /** Makes the ending write on F; answers the tokens it ended. */
      end(user: ReturnType<typeof account>, tokens: [string, string]): Promise<string[]>;
    };
    const endings: Ending[] = [
      {
        name: 'a sign-out',
        async end(_user, [token]) {
          const res = await call(f.url, 'POST', '/api/logout', { token });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return [token];
        },
      },
      {
        name: 'a sign-out everywhere',
        async end(_user, tokens) {
          const res = await call(f.url, 'POST', '/api/account/logout-all', { token: tokens[0] });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return tokens;
        },
      },
      {
        name: 'a role change',
        async end(user, tokens) {
          const administrator = await signIn(admin);
          const { id } = (await call(e.url, 'GET', '/api/me', { token: tokens[0] })).body as {
            id: number;
          };
          const res = await call(f.url, 'PUT', `/api/users/${id}`, {
            token: administrator,
            json: { username: user.username, email: user.email, role: 'admin' },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return tokens;
        },
      },
      {
        name: 'an administrator’s deletion',
        async end(_user, tokens) {
          const administrator = await signIn(admin);
          const { id } = (await call(e.url, 'GET', '/api/me', { token: tokens[0] })).body as {
            id: number;
          };
          const res = await call(f.url, 'DELETE', `/api/users/${id}`, { token: administrator });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return tokens;
        },
      },
    ];

    it.each(endings)(
      'refuses on E the sessions ended by $name on F while F’s link is stalled',
      async ({ name, end }) => {
        const user = account();
        await register(user);
        const tokens: [string, string] = [await signIn(user), await signIn(user)];
        const bystander = account();
        await register(bystander);
        const standing = await signIn(bystander);
        for (const token of [...tokens, standing]) await warm(token, e);

        proxy.freeze();
        try {
          const started = Date.now();
          const ended = await end(user, tokens);
          const took = Date.now() - started;
          const { statuses, standingStatuses } = await probe(ended, standing, e);
          console.log(
            `stalled writer, ${name}: answered in ${took} ms; E then accepted ${statuses.filter((s) => s === 200).length} of ${statuses.length} requests with the ended tokens over ${PROBE_MS} ms`,
          );
          expect(statuses.length).toBeGreaterThan(10);
          expect(statuses.filter((status) => status !== 401)).toEqual([]);
          expect(standingStatuses.filter((status) => status !== 200)).toEqual([]);
        } finally {
          await thawed();
        }
      },
      30_000,
    );
  },
);

/**
 * One instance's channel of ended sessions, in this process, reaching Redis through the freezing
 * proxy; another reaches it directly. What the instance may answer from memory is read from
 * `usable()`, which every signed-in request asks.
 */
describe.skipIf(!TEST_REDIS_URL)('the proof that an instance hears ended sessions', () => {
  it('lapses within LINK_PROOF_MS of the link stalling, and returns, behind what was missed, once it moves again', async () => {
    const target = new URL(TEST_REDIS_URL!);
    const proxy = await startFreezingProxy({
      host: target.hostname,
      port: Number(target.port || 6379),
    });
    const throughProxy = new URL(TEST_REDIS_URL!);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const log = pino({ level: 'silent' });
    const stalledRedis = await connectRedis({ url: throughProxy.href, prefix });
    const otherRedis = await connectRedis({ url: TEST_REDIS_URL!, prefix });
    const dropped: SessionEnd[] = [];
    const ignore = { drop: () => {}, clear: () => {} };
    // No database here: the count of ended sessions never moves.
    const noEnds = async () => '0';
    const stalled = new RedisSessionEnds(
      stalledRedis,
      { drop: (ends) => dropped.push(...ends), clear: () => {} },
      log,
      noEnds,
    );
    const other = new RedisSessionEnds(otherRedis, ignore, log, noEnds);
    try {
      await Promise.all([stalled.started(), other.started()]);
      expect(stalled.usable()).toBe(true);

      proxy.freeze();
      const frozenAt = performance.now();
      await expect.poll(() => stalled.usable(), { timeout: 3_000, interval: 5 }).toBe(false);
      const lapsedAfter = performance.now() - frozenAt;
      expect(lapsedAfter).toBeLessThanOrEqual(LINK_PROOF_MS + 100);

      // The other instance ends a session: Redis counts the stalled one as a receiver, which
      // cannot answer, so the write waits out its bound; the stalled one is not answering from
      // memory by then, and stays so while the link does not move.
      const announcedAt = performance.now();
      await other.announce([{ jti: 'ended-while-stalled' }]);
      const waited = performance.now() - announcedAt;
      expect(waited).toBeGreaterThanOrEqual(1_000);
      expect(stalled.usable()).toBe(false);
      expect(dropped).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(stalled.usable()).toBe(false);

      proxy.thaw();
      const thawedAt = performance.now();
      await expect.poll(() => stalled.usable(), { timeout: 3_000, interval: 5 }).toBe(true);
      const provenAfter = performance.now() - thawedAt;
      // The announcement arrived before the heartbeat that proved the link again.
      expect(dropped).toEqual([{ jti: 'ended-while-stalled' }]);
      console.log(
        `link proof: lapsed ${Math.round(lapsedAfter)} ms after the freeze, the write waited ${Math.round(waited)} ms, proven again ${Math.round(provenAfter)} ms after the thaw`,
      );
    } finally {
      proxy.thaw();
      await Promise.all([stalled.close(), other.close()]);
      await Promise.all([stalledRedis.close(), otherRedis.close()]);
      await proxy.close();
    }
  }, 20_000);
});

/**
 * The count of writes that ended sessions, in the database: how an instance learns of an end
 * whose announcement could not reach it (the writer's own link to Redis stalled).
 */
describe.skipIf(!TEST_REDIS_URL)('the count of ended sessions in the database', () => {
  it('is read about 4 times a second; when it moved, the instance forgets what it keeps; unread, it answers nothing from memory', async () => {
    const td = await createTestDatabase();
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const redis = await connectRedis({ url: TEST_REDIS_URL!, prefix });
    let reads = 0;
    let clears = 0;
    const channel = new RedisSessionEnds(
      redis,
      { drop: () => {}, clear: () => (clears += 1) },
      pino({ level: 'silent' }),
      () => {
        reads += 1;
        return readSessionEnds(td.db.kysely);
      },
    );
    try {
      await channel.started();
      expect(channel.usable()).toBe(true);

      // Idle: what the count costs.
      const idleFrom = { reads, clears, at: performance.now() };
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const perSecond = ((reads - idleFrom.reads) * 1_000) / (performance.now() - idleFrom.at);
      expect(perSecond).toBeGreaterThan(2);
      expect(perSecond).toBeLessThanOrEqual(4.5);
      // Nothing ended: nothing forgotten.
      expect(clears).toBe(idleFrom.clears);

      // Another instance's write ends a session and raises the count in its transaction.
      const before = clears;
      const raisedAt = performance.now();
      await td.db.kysely.transaction().execute((trx) => raiseSessionEnds(trx));
      await expect.poll(() => clears, { timeout: 2_000, interval: 5 }).toBeGreaterThan(before);
      const forgotAfter = performance.now() - raisedAt;
      expect(forgotAfter).toBeLessThan(UNCONFIRMED_WAIT_MS);
      expect(channel.usable()).toBe(true);

      // The database stops answering: the memory is unproven within COUNT_PROOF_MS of the last
      // read that succeeded.
      await td.db.close();
      const closedAt = performance.now();
      await expect.poll(() => channel.usable(), { timeout: 3_000, interval: 5 }).toBe(false);
      const lapsedAfter = performance.now() - closedAt;
      expect(lapsedAfter).toBeLessThanOrEqual(COUNT_PROOF_MS + 100);
      console.log(
        `count of ended sessions: ${perSecond.toFixed(1)} reads a second idle, forgotten ${Math.round(forgotAfter)} ms after a raise, unproven ${Math.round(lapsedAfter)} ms after the database closed`,
      );
    } finally {
      await channel.close();
      await redis.close();
      await td.drop().catch(() => undefined);
    }
  }, 20_000);

  it('holds back a write whose announcement could not be published until the others have read the count', async () => {
    const td = await createTestDatabase();
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const redis = await connectRedis({ url: TEST_REDIS_URL!, prefix });
    const channel = new RedisSessionEnds(
      redis,
      { drop: () => {}, clear: () => {} },
      pino({ level: 'silent' }),
      () => readSessionEnds(td.db.kysely),
    );
    try {
      await channel.started();
      // The writer's own link is gone: the announcement fails at once.
      await redis.client.quit();
      const began = performance.now();
      await channel.announce([{ jti: 'ended-unannounced' }]);
      const waited = performance.now() - began;
      expect(waited).toBeGreaterThanOrEqual(UNCONFIRMED_WAIT_MS - 5);
      expect(waited).toBeLessThan(UNCONFIRMED_WAIT_MS + 500);
    } finally {
      await channel.close();
      await redis.close();
      await td.drop();
    }
  }, 20_000);
});
