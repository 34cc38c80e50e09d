import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/modules/users/first-admin.js';
import { loginToken, newIdentity, registerUser } from '../support/accounts.js';
import { bearer } from '../support/content.js';
import { startFakeUpstream } from '../../../../harness/fake-upstream.js';
import { createSharedPair, TEST_REDIS_URL, type SharedPair } from '../support/shared-pair.js';

const tool = (name: string) => ({
  name,
  icon: 'wallet',
  description: 'Lacak dompet.',
  link: '/tools/wallet',
});

describe.skipIf(!TEST_REDIS_URL)('two instances sharing Redis', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let pair: SharedPair;
  let admin: string;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    pair = await createSharedPair({
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      MARKET_API_URL: `${upstream.url}/market`,
      PRICE_TTL: '60s',
      UPSTREAM_TIMEOUT: '2s',
      REGISTER_MAX_PER_HOUR: '1000',
    });
    const identity = newIdentity('admin');
    const db = pair.a.db.kysely;
    await createAdmin(db, identity);
    admin = await loginToken(pair.b, identity.email, identity.password);
  });
  afterAll(async () => {
    await pair.close();
    await upstream.close();
  });

  it('signs tokens with the same secret on both', async () => {
    const res = await pair.a.inject({ method: 'GET', url: '/api/me', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
  });

  it('drops the other instance’s cached list at once when one of them writes', async () => {
    const names = async (app: typeof pair.a) =>
      (await app.inject({ method: 'GET', url: '/api/tools' }))
        .json<{ name: string }[]>()
        .map((t) => t.name);
    // Both instances now hold the list in memory.
    const before = await names(pair.a);
    expect(await names(pair.b)).toEqual(before);

    const created = await pair.b.inject({
      method: 'POST',
      url: '/api/tools',
      headers: bearer(admin),
      payload: tool('Shared Tracker'),
    });
    expect(created.statusCode).toBe(201);
    expect(await names(pair.a)).toContain('Shared Tracker');
  });

  it('answers 304 to a client that holds the current list, and 200 after a write', async () => {
    const first = await pair.a.inject({ method: 'GET', url: '/api/tools' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await pair.b.inject({
      method: 'GET',
      url: '/api/tools',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await pair.a.inject({
      method: 'POST',
      url: '/api/tools',
      headers: bearer(admin),
      payload: tool('Another Tracker'),
    });
    const changed = await pair.b.inject({
      method: 'GET',
      url: '/api/tools',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('counts sign-in failures across both instances', async () => {
    const user = await registerUser(pair.a);
    for (let i = 0; i < 10; i += 1) {
      const res = await (i % 2 ? pair.a : pair.b).inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: `wrong-${i}-password` },
        remoteAddress: `10.60.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    for (const app of [pair.a, pair.b]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: '10.60.1.1',
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it('keeps one upstream call per source per TTL for both instances together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? pair.a : pair.b).inject({
          method: 'GET',
          url: i % 4 < 2 ? '/api/prices' : '/api/market',
          remoteAddress: `10.61.${i}.1`,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).every((status) => status === 200)).toBe(true);
    expect(upstream.calls['/api/v3/simple/price']).toBe(1);
    expect(upstream.calls['/fx']).toBe(1);
    expect(upstream.calls['/market']).toBe(1);
    // The instance that lost the claim answers the winner's value, not the fallback.
    const fromA = (await pair.a.inject({ method: 'GET', url: '/api/prices' })).json();
    const fromB = (await pair.b.inject({ method: 'GET', url: '/api/prices' })).json();
    expect(fromA).toMatchObject({ usdIdr: 16_000, pixels: { usd: 0.05 } });
    expect(fromB).toEqual(fromA);
  });

  it('asks the price history once per token and day for both instances, even at once', async () => {
    const player = await registerUser(pair.a);
    const token = await loginToken(pair.a, player.email, player.password);
    // A day within the 365 days the free price plan answers.
    const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    upstream.setHistory('pixels', day, 0.07);
    const body = { pixels: 100, date: day };
    const saved = await Promise.all(
      [pair.a, pair.b, pair.a, pair.b].map((app) =>
        app.inject({
          method: 'POST',
          url: '/api/income-pixels',
          headers: bearer(token),
          payload: body,
        }),
      ),
    );
    expect(saved.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(upstream.historyCalls('pixels')).toBe(1);
    // A record saved by the instance that did not ask is valued from the day's price kept.
    const list = await pair.b.inject({
      method: 'GET',
      url: '/api/income-pixels',
      headers: bearer(token),
    });
    expect(list.json().data.map((record: { price_usd: number }) => record.price_usd)).toEqual([
      0.07, 0.07, 0.07, 0.07,
    ]);
  });

  it('shares the registration rate limit', async () => {
    const limited = await createSharedPair({ REGISTER_MAX_PER_HOUR: '3' });
    try {
      const register = (app: typeof pair.a) =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          payload: newIdentity(),
          remoteAddress: '10.62.0.1',
        });
      expect((await register(limited.a)).statusCode).toBe(201);
      expect((await register(limited.b)).statusCode).toBe(201);
      expect((await register(limited.a)).statusCode).toBe(201);
      expect((await register(limited.b)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe.skipIf(!TEST_REDIS_URL)('when Redis stops answering', () => {
  let pair: SharedPair;
  beforeAll(async () => {
    pair = await createSharedPair();
  });
  afterAll(() => pair.close());

  it('still serves lists from the database, refuses sign-in with 503, and says it is not ready', async () => {
    const user = await registerUser(pair.a);
    pair.a.redis!.client.disconnect();

    const list = await pair.a.inject({ method: 'GET', url: '/api/games' });
    expect(list.statusCode).toBe(200);

    const login = await pair.a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({
      message: 'Sign-in is briefly unavailable. Please try again in a moment.',
    });

    const ready = await pair.a.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect((await pair.b.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({
      status: 'ready',
      redis: 'ok',
    });
  });
});
