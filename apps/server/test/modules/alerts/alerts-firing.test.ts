import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlert } from '@nexusplay/contract/alerts';
import type { TBellNotification } from '@nexusplay/contract/notifications';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { startSmtpInbox, type SmtpInbox } from '../../../../../harness/smtp-inbox.js';
import type { App } from '../../../src/app.js';
import { signInUser } from '../../support/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

const TTL_MS = 3_600_000;
const USD_IDR = 16_000;

let upstream: FakeUpstream;
let inbox: SmtpInbox;
let t: TestApp;
type User = Awaited<ReturnType<typeof signInUser>>;
let alice: User;
let bob: User;

const as = (token: string) => ({ authorization: `Bearer ${token}` });

/** The prices the fake price service answers: PIXEL at `pixel`, the others as they were. */
const pricesWith = (pixel: number) => ({
  pixels: { usd: pixel },
  'axie-infinity': { usd: 2.5 },
  ronin: { usd: 0.5 },
  'smooth-love-potion': { usd: 0.002 },
});

/** The clock the price source is asked with: each refresh one TTL later, so each one calls. */
let clock = Date.now();

/** Sets PIXEL's price and makes the app refresh its prices once: done when its check is. */
async function refreshAt(app: App, pixel: number) {
  upstream.setBody('/api/v3/simple/price', pricesWith(pixel));
  const checked = new Promise<void>((resolve) => {
    let done = false;
    app.gateway.onPrices(async () => {
      if (!done) resolve();
      done = true;
    });
  });
  const before = upstream.calls['/api/v3/simple/price'] ?? 0;
  clock += TTL_MS + 1;
  await app.gateway.prices.get(clock);
  await checked;
  // The refresh ends just after its listeners: then the next one may start.
  while (!app.gateway.prices.peek(clock)) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(upstream.calls['/api/v3/simple/price']).toBe(before + 1);
}

async function create(user: User, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: as(user.token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: TAlert }>().data;
}

async function alertsOf(user: User) {
  const res = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: as(user.token) });
  return res.json<{ data: TAlert[] }>().data;
}

async function bellOf(user: User) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: as(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<TBellNotification[]>().filter((item) => item.kind === 'personal');
}

const mailsTo = (user: User) =>
  inbox.messages.filter((mail) => mail.to.includes(user.email.toLowerCase()));

/** Waits until `count` mails reached the user, then a little longer for any extra one. */
async function expectMails(user: User, count: number) {
  const deadline = Date.now() + 10_000;
  while (mailsTo(user).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mailsTo(user)).toHaveLength(count);
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  inbox = await startSmtpInbox();
  upstream.setBody('/api/v3/simple/price', pricesWith(0.05));
  upstream.setBody('/fx', { result: 'success', rates: { IDR: USD_IDR, USD: 1 } });
  t = await createTestApp({
    env: {
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      PRICE_TTL: String(TTL_MS / 1000),
      SMTP_URL: inbox.url,
    },
    mail: { retryDelaysMs: [50] },
  });
  // The rate is known before any price check (IDR lines are not checked on the fallback rate).
  await t.app.gateway.fx.get();
  alice = await signInUser(t.app);
  bob = await signInUser(t.app);
});

afterAll(async () => {
  await t?.close();
  await upstream?.close();
  await inbox?.close();
});

describe(`price alerts fire once per crossing (${TEST_ENGINE})`, () => {
  it('tells and mails once per crossing, re-arms on the way back, and tells no one else', async () => {
    const above = await create(alice, {
      token: 'PIXEL',
      direction: 'above',
      currency: 'usd',
      price: 0.06,
      mail: true,
    });
    // 0.05 USD is Rp 800 at the test rate: this line is crossed at 0.04 (Rp 640).
    const belowIdr = await create(alice, {
      token: 'PIXEL',
      direction: 'below',
      currency: 'idr',
      price: 700,
    });
    await create(bob, { token: 'AXS', direction: 'above', currency: 'usd', price: 3, mail: true });
    await create(bob, { token: 'PIXEL', direction: 'above', currency: 'usd', price: 1 });

    // Below both lines, then still below: nothing.
    await refreshAt(t.app, 0.05);
    await refreshAt(t.app, 0.055);
    expect(await bellOf(alice)).toEqual([]);
    const checked = (await alertsOf(alice)).find((a) => a.id === belowIdr.id)!;
    expect(checked).toMatchObject({ state: 'armed', last_price: 0.055 * USD_IDR });

    // Across the line: one notification and one mail.
    await refreshAt(t.app, 0.0712);
    let bell = await bellOf(alice);
    expect(bell.map((n) => n.title)).toEqual(['PIXEL is above $0.06: now $0.0712']);
    expect(bell[0]!.message).toBe(
      'Your price alert for PIXEL above $0.06 fired. It fires again after the price has gone back below $0.06 and crosses it again.',
    );
    await expectMails(alice, 1);
    const mail = mailsTo(alice)[0]!;
    expect(mail.subject).toBe('NexusPlay: PIXEL is above $0.06: now $0.0712');
    expect(mail.text).toContain('Your price alert for PIXEL above $0.06 fired.');
    expect((await alertsOf(alice)).find((a) => a.id === above.id)).toMatchObject({
      state: 'fired',
      fired_count: 1,
      last_price: 0.0712,
      last_fired_at: expect.any(String),
    });

    // Staying past the line: nothing more.
    await refreshAt(t.app, 0.08);
    await refreshAt(t.app, 0.09);
    expect(await bellOf(alice)).toHaveLength(1);
    await expectMails(alice, 1);

    // Back below: armed again, silently. Then across the IDR line (no mail asked for).
    await refreshAt(t.app, 0.05);
    expect((await alertsOf(alice)).find((a) => a.id === above.id)?.state).toBe('armed');
    await refreshAt(t.app, 0.04);
    bell = await bellOf(alice);
    expect(bell.map((n) => n.title)).toEqual([
      'PIXEL is below Rp 700: now Rp 640',
      'PIXEL is above $0.06: now $0.0712',
    ]);
    await expectMails(alice, 1);

    // Up across the USD line again: a second notification and a second mail.
    await refreshAt(t.app, 0.065);
    bell = await bellOf(alice);
    expect(bell.map((n) => n.title)[0]).toBe('PIXEL is above $0.06: now $0.065');
    expect(bell).toHaveLength(3);
    await expectMails(alice, 2);
    const alerts = await alertsOf(alice);
    expect(alerts.find((a) => a.id === above.id)).toMatchObject({ state: 'fired', fired_count: 2 });
    expect(alerts.find((a) => a.id === belowIdr.id)).toMatchObject({
      state: 'armed',
      fired_count: 1,
    });

    // Bob's lines were never crossed.
    expect(await bellOf(bob)).toEqual([]);
    expect(mailsTo(bob)).toEqual([]);
  });

  it('fires at the first check an alert set while the price is already past its line', async () => {
    const carol = await signInUser(t.app);
    await create(carol, { token: 'RON', direction: 'below', currency: 'usd', price: 1 });
    expect(await bellOf(carol)).toEqual([]);
    await refreshAt(t.app, 0.065);
    expect((await bellOf(carol)).map((n) => n.title)).toEqual(['RON is below $1.00: now $0.50']);
    await refreshAt(t.app, 0.065);
    expect(await bellOf(carol)).toHaveLength(1);
  });

  it('checks a changed line afresh: armed again, fired when the new line is past', async () => {
    const dave = await signInUser(t.app);
    const alert = await create(dave, {
      token: 'AXS',
      direction: 'above',
      currency: 'usd',
      price: 2,
    });
    await refreshAt(t.app, 0.065);
    expect(await bellOf(dave)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${alert.id}`,
      headers: as(dave.token),
      payload: { price: 2.4 },
    });
    expect(res.json<{ data: TAlert }>().data).toMatchObject({ state: 'armed', last_price: null });
    await refreshAt(t.app, 0.065);
    expect((await bellOf(dave)).map((n) => n.title)[0]).toBe('AXS is above $2.40: now $2.50');
  });
});
