import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlert } from '@nexusplay/contract/alerts';
import type { TBellNotification } from '@nexusplay/contract/notifications';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { startSmtpInbox, type SmtpInbox } from '../../../../../harness/smtp-inbox.js';
import { buildApp, type App } from '../../../src/app.js';
import { alertsService } from '../../../src/modules/alerts/alerts.service.js';
import { signInUser } from '../../support/accounts.js';
import { createSharedPair, TEST_REDIS_URL, type SharedPair } from '../../support/shared-pair.js';
import {
  createTestDatabase,
  TEST_ENGINE,
  testConfig,
  type TestDatabase,
} from '../../support/test-app.js';

const USD_IDR = 16_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let upstream: FakeUpstream;
let inbox: SmtpInbox;

const pricesWith = (pixel: number) => ({
  pixels: { usd: pixel },
  'axie-infinity': { usd: 2.5 },
  ronin: { usd: 0.5 },
  'smooth-love-potion': { usd: 0.002 },
});

const upstreamEnv = () => ({
  PRICE_API_URL: upstream.url,
  FX_API_URL: `${upstream.url}/fx`,
  SMTP_URL: inbox.url,
});

/** Resolves at the next prices check of any of `apps` (after the alerts' own check). */
function nextCheck(apps: App[]) {
  return new Promise<void>((resolve) => {
    let done = false;
    for (const app of apps) {
      app.gateway.onPrices(async () => {
        if (!done) resolve();
        done = true;
      });
    }
  });
}

type User = Awaited<ReturnType<typeof signInUser>>;

async function bellOf(app: App, user: User) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { authorization: `Bearer ${user.token}` },
  });
  return res.json<TBellNotification[]>().filter((item) => item.kind === 'personal');
}

const mailsTo = (user: User) =>
  inbox.messages.filter((mail) => mail.to.includes(user.email.toLowerCase()));

async function expectMails(user: User, count: number) {
  const deadline = Date.now() + 10_000;
  while (mailsTo(user).length < count && Date.now() < deadline) await sleep(25);
  await sleep(300);
  expect(mailsTo(user)).toHaveLength(count);
}

async function createAlert(app: App, user: User, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: { authorization: `Bearer ${user.token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: TAlert }>().data;
}

/** PIXEL's price at each step: across the line (0.06), staying, back, across again. */
const STEPS = [0.05, 0.07, 0.08, 0.05, 0.04, 0.065, 0.07, 0.055, 0.061];
/** How many times the line is crossed upwards along STEPS. */
const CROSSINGS = 3;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  inbox = await startSmtpInbox();
  upstream.setBody('/fx', { result: 'success', rates: { IDR: USD_IDR, USD: 1 } });
});

afterAll(async () => {
  await upstream?.close();
  await inbox?.close();
});

describe(`two instances on one database, each refreshing on its own (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database.dataDir, { ...upstreamEnv(), PRICE_TTL: '3600' });
    a = await buildApp({ config, db: database.db, mail: { retryDelaysMs: [50] } });
    b = await buildApp({ config, db: database.db, mail: { retryDelaysMs: [50] } });
    await Promise.all([a.ready(), b.ready()]);
    await Promise.all([a.gateway.fx.get(), b.gateway.fx.get()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('fires each crossing once between them, and mails it once', async () => {
    const user = await signInUser(a);
    await createAlert(a, user, {
      token: 'PIXEL',
      direction: 'above',
      currency: 'usd',
      price: 0.06,
      mail: true,
    });
    let clock = Date.now();
    for (const pixel of STEPS) {
      upstream.setBody('/api/v3/simple/price', pricesWith(pixel));
      clock += 3_600_001;
      // Both instances call the price service and check the same crossing at the same time.
      const checked = [nextCheck([a]), nextCheck([b])];
      await Promise.all([a.gateway.prices.get(clock), b.gateway.prices.get(clock)]);
      await Promise.all(checked);
      while (!a.gateway.prices.peek(clock) || !b.gateway.prices.peek(clock)) await sleep(5);
    }
    const titles = (await bellOf(b, user)).map((n) => n.title);
    expect(titles).toEqual([
      'PIXEL is above $0.06: now $0.061',
      'PIXEL is above $0.06: now $0.065',
      'PIXEL is above $0.06: now $0.07',
    ]);
    await expectMails(user, CROSSINGS);
  });

  it('fires a crossing once when checks of it overlap', async () => {
    const user = await signInUser(a);
    await createAlert(a, user, { token: 'SLP', direction: 'below', currency: 'usd', price: 0.001 });
    const checkers = [a, b].map((app) =>
      alertsService({ db: database.db.kysely, engine: database.db.engine, log: app.log }),
    );
    const low = { ...pricesWith(0.05), slp: { usd: 0.0009 } };
    const prices = { pixels: low.pixels, axs: low['axie-infinity'], slp: low.slp };
    const fired = await Promise.all(
      [...checkers, ...checkers].map((checker) => checker.checkPrices(prices, USD_IDR)),
    );
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await bellOf(a, user)).map((n) => n.title)).toEqual([
      'SLP is below $0.001: now $0.0009',
    ]);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres' || !TEST_REDIS_URL)(
  'two instances on PostgreSQL and Redis, sharing one refresh per period',
  () => {
    let pair: SharedPair;
    const TTL_MS = 400;

    beforeAll(async () => {
      pair = await createSharedPair({ ...upstreamEnv(), PRICE_TTL: `${TTL_MS}ms` });
      await Promise.all([pair.a.gateway.fx.get(), pair.b.gateway.fx.get()]);
    });

    afterAll(() => pair?.close());

    it('fires each crossing once between them, with one call to the price service a refresh', async () => {
      const { a, b } = pair;
      const user = await signInUser(a);
      const other = await signInUser(b);
      await createAlert(b, user, {
        token: 'PIXEL',
        direction: 'above',
        currency: 'usd',
        price: 0.06,
        mail: true,
      });
      await createAlert(a, other, {
        token: 'PIXEL',
        direction: 'above',
        currency: 'usd',
        price: 1,
      });
      const before = upstream.calls['/api/v3/simple/price'] ?? 0;
      for (const pixel of STEPS) {
        upstream.setBody('/api/v3/simple/price', pricesWith(pixel));
        await sleep(TTL_MS + 100);
        const checked = nextCheck([a, b]);
        // Both ask at once: one of them wins the period's claim and calls; the other reads its answer.
        await Promise.all([a.gateway.prices.get(), b.gateway.prices.get()]);
        await checked;
      }
      // Let the last refresh end before counting.
      await sleep(200);
      expect(upstream.calls['/api/v3/simple/price']! - before).toBe(STEPS.length);
      const titles = (await bellOf(a, user)).map((n) => n.title);
      expect(titles).toEqual([
        'PIXEL is above $0.06: now $0.061',
        'PIXEL is above $0.06: now $0.065',
        'PIXEL is above $0.06: now $0.07',
      ]);
      await expectMails(user, CROSSINGS);
      expect(await bellOf(b, other)).toEqual([]);
      expect(mailsTo(other)).toEqual([]);
    });
  },
);
