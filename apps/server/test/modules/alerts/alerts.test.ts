import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_MAX, type TAlert, type TAlertList } from '@nexusplay/contract/alerts';
import { signInUser } from '../../support/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: { token: string };
let other: { token: string };

const as = (token: string) => ({ authorization: `Bearer ${token}` });

const create = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/alerts', headers: as(token), payload });

const list = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: as(token) });
  expect(res.statusCode).toBe(200);
  return res.json<TAlertList>();
};

const pixelAbove = { token: 'PIXEL', direction: 'above', currency: 'usd', price: 0.06 };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInUser(t.app);
  other = await signInUser(t.app);
});

afterAll(() => t?.close());

describe(`price alerts: the caller's own (${TEST_ENGINE})`, () => {
  it('creates, lists, changes and deletes an alert', async () => {
    const created = await create(owner.token, { ...pixelAbove, mail: true });
    expect(created.statusCode).toBe(201);
    const alert = created.json<{ message: string; data: TAlert }>().data;
    expect(alert).toMatchObject({
      ...pixelAbove,
      mail: true,
      state: 'armed',
      last_price: null,
      last_fired_at: null,
      fired_count: 0,
    });
    expect((await list(owner.token)).data.map((a) => a.id)).toContain(alert.id);
    expect((await list(owner.token)).max).toBe(ALERTS_MAX);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${alert.id}`,
      headers: as(owner.token),
      payload: { price: '0.07', currency: 'usd', mail: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: TAlert }>().data).toMatchObject({ price: 0.07, mail: false });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${alert.id}`,
      headers: as(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(owner.token)).data.map((a) => a.id)).not.toContain(alert.id);
  });

  it('answers 404 for another user’s alert and leaves it as it is', async () => {
    const alert = (await create(owner.token, pixelAbove)).json<{ data: TAlert }>().data;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/alerts/${alert.id}`,
        headers: as(other.token),
        ...(method === 'PATCH' ? { payload: { price: 1 } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Alert not found.' });
    }
    expect((await list(other.token)).data).toEqual([]);
    expect((await list(owner.token)).data.find((a) => a.id === alert.id)?.price).toBe(0.06);
  });

  it('refuses a line that is not a price, and ids that are not ids, with 400', async () => {
    const bad = [
      { ...pixelAbove, price: 0 },
      { ...pixelAbove, price: -1 },
      { ...pixelAbove, price: 'Infinity' },
      { ...pixelAbove, price: '1e400' },
      { ...pixelAbove, price: true },
      { ...pixelAbove, price: '' },
      { ...pixelAbove, price: 1_000_001 },
      { ...pixelAbove, currency: 'idr', price: 20_000_000_001 },
      { ...pixelAbove, token: 'ETH' },
      { ...pixelAbove, direction: 'sideways' },
      { ...pixelAbove, currency: 'eur' },
      { ...pixelAbove, mail: 'yes' },
      { direction: 'above', currency: 'usd', price: 1 },
    ];
    for (const payload of bad) {
      const res = await create(owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect(
      (await create(owner.token, { ...pixelAbove, currency: 'idr', price: 20_000_000_000 }))
        .statusCode,
    ).toBe(201);

    const alert = (await create(owner.token, pixelAbove)).json<{ data: TAlert }>().data;
    // A USD line past the USD maximum, reached by changing only the currency or only the price.
    const toUsd = (
      await create(owner.token, { ...pixelAbove, currency: 'idr', price: 5_000_000 })
    ).json<{
      data: TAlert;
    }>().data;
    const patch = (id: number | string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/alerts/${id}`,
        headers: as(owner.token),
        payload,
      });
    expect((await patch(toUsd.id, { currency: 'usd' })).statusCode).toBe(400);
    expect((await patch(alert.id, { price: 1_000_001 })).statusCode).toBe(400);
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc']) {
      expect((await patch(id, { price: 1 })).statusCode, id).toBe(400);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${id}`,
        headers: as(owner.token),
      });
      expect(res.statusCode, id).toBe(400);
    }
  });

  it('answers 401 without a sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/alerts'],
      ['POST', '/api/alerts'],
      ['PATCH', '/api/alerts/1'],
      ['DELETE', '/api/alerts/1'],
      ['GET', '/api/alerts/settings'],
      ['PUT', '/api/alerts/settings'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps the mail switch for income per user', async () => {
    const get = async (token: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/alerts/settings', headers: as(token) })
      ).json();
    expect(await get(owner.token)).toEqual({ mail_income: false });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers: as(owner.token),
      payload: { mail_income: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ message: 'Settings saved.', mail_income: true });
    expect(await get(owner.token)).toEqual({ mail_income: true });
    expect(await get(other.token)).toEqual({ mail_income: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers: as(owner.token),
      payload: { mail_income: 'on' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it(`keeps at most ${ALERTS_MAX} alerts a user, also when they are created at once`, async () => {
    const user = await signInUser(t.app);
    await Promise.all(Array.from({ length: 5 }, () => create(user.token, pixelAbove)));
    const answers = await Promise.all(
      Array.from({ length: ALERTS_MAX + 10 }, () => create(user.token, pixelAbove)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ALERTS_MAX - 5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(answers.find((res) => res.statusCode === 409)?.json()).toEqual({
      message: `You can keep at most ${ALERTS_MAX} alerts. Delete one to add another.`,
    });
    expect((await list(user.token)).data).toHaveLength(ALERTS_MAX);
  });

  it('is in the OpenAPI document with its bodies and answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>
      >;
    }>();
    expect(Object.keys(doc.paths['/api/alerts'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/alerts/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(Object.keys(doc.paths['/api/alerts/settings'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/alerts']!.post!.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/alerts']!.post!.responses!)).toEqual(
      expect.arrayContaining(['201', '400', '401', '409']),
    );
  });

  it('puts the caller’s alerts, and only theirs, in the account’s data file', async () => {
    const user = await signInUser(t.app);
    const alert = (await create(user.token, { ...pixelAbove, mail: true })).json<{
      data: TAlert;
    }>().data;
    await create(other.token, pixelAbove);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: as(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ price_alerts: unknown[] }>().price_alerts).toEqual([
      {
        id: alert.id,
        token: 'PIXEL',
        direction: 'above',
        currency: 'usd',
        price: 0.06,
        mail: true,
        state: 'armed',
        last_price: null,
        last_fired_at: null,
        fired_count: 0,
        created_at: alert.created_at,
        updated_at: alert.created_at,
      },
    ]);
  });
});
