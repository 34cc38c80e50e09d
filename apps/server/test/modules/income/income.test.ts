import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { startFakeUpstream } from '../../../../../harness/fake-upstream.js';
import { signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';

/** A past day within the 365 days the free price plan answers: 30 days ago in UTC. */
const PAST_DAY = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

describe('income records', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({
      env: {
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        PRICE_TTL: '60s',
        FX_TTL: '60s',
      },
    });
    alice = (await signInUser(t.app)).token;
    bob = (await signInUser(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const call = (...args: CallArgs) => apiCall(t.app, ...args);

  it('derives the converted expense and net income from the price of the record’s day', async () => {
    upstream.setHistory('pixels', PAST_DAY, 0.05);
    const res = await call('POST', '/api/income-pixels', alice, {
      pixels: 1000,
      expense: 12.345,
      expense_type: 'usd',
      expense_description: 'Land rent',
      date: PAST_DAY,
      converted_expense: 'forged',
      net_income: 999999,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      income: 1000,
      pixels: 1000,
      expense: 12.35,
      expense_type: 'usd',
      expense_description: 'Land rent',
      converted_expense: '247 Pixels ($12.35)',
      date: PAST_DAY,
      net_income: 37.65,
      price_usd: 0.05,
      // No rate was seen that day: the nearest known one (today's), saying so.
      usd_idr: 16_000,
      usd_idr_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
        new Date(),
      ),
    });

    const axie = await call('POST', '/api/income-axie', alice, {
      income: 10,
      expense: 2.6,
      expense_type: 'axs',
    });
    expect(axie.json().data).toMatchObject({
      income: 10,
      axs: 10,
      expense: 3,
      converted_expense: '3 AXS ($7.50)',
      net_income: 17.5,
      date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()),
    });
  });

  it('accepts an empty form: amount 0, expense type usd, the server date', async () => {
    const res = await call('POST', '/api/income-pixels', alice, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      income: 0,
      expense: 0,
      expense_type: 'usd',
      net_income: 0,
    });
  });

  it.each([
    [{ pixels: -1 }, 'pixels'],
    [{ income: 'lots' }, 'income'],
    [{ expense: 1e12 }, 'expense'],
    [{ expense_type: 'axs' }, 'expense_type'],
    [{ date: '2026-13-01' }, 'date'],
    // A number is a number: no true as 1, no "" or [] as 0.
    [{ income: true }, 'income'],
    [{ pixels: [] }, 'pixels'],
    [{ income: '' }, 'income'],
    [{ expense: false }, 'expense'],
    [{ expense: [7] }, 'expense'],
    [{ income: ' ' }, 'income'],
    [{ income: '0x10' }, 'income'],
  ])('refuses %j', async (body, field) => {
    const res = await call('POST', '/api/income-pixels', alice, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('refuses a date after today in TIME_ZONE, on the date field, and takes today', async () => {
    const dayInZone = (offsetDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
        new Date(Date.now() + offsetDays * 86_400_000),
      );
    const [today, tomorrow] = [dayInZone(0), dayInZone(1)];
    const refused = `Date cannot be after today (${today}).`;
    const expected = { message: refused, errors: { date: refused } };
    for (const date of [tomorrow, '2027-01-15']) {
      const res = await call('POST', '/api/income-axie', alice, { axs: 1, date });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    const saved = await call('POST', '/api/income-axie', alice, { axs: 1, date: today });
    expect(saved.statusCode).toBe(201);
    // An edit may not move a record past today either.
    const { id } = saved.json().data;
    const moved = await call('PUT', `/api/income-axie/${id}`, alice, { axs: 1, date: tomorrow });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual(expected);
    const records = (await call('GET', '/api/income-axie', alice)).json().data;
    expect(records.filter((r: { date: string }) => r.date > today)).toEqual([]);
  });

  it('reads an amount written as numeric text as that number', async () => {
    const res = await call('POST', '/api/income-pixels', alice, { income: ' 12.5 ', expense: '1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ income: 12.5, expense: 1 });
  });

  it("recomputes an edited record at the rates it was first saved at, not today's", async () => {
    const created = (await call('POST', '/api/income-pixels', alice, { pixels: 100 })).json().data;
    // As if saved on a day PIXEL was worth twice as much as now.
    await t.db.kysely
      .updateTable('income_records')
      .set({ price_usd: 0.1, usd_idr: 15_500 })
      .where('id', '=', created.id)
      .execute();
    const edited = (
      await call('PUT', `/api/income-pixels/${created.id}`, alice, {
        pixels: 200,
        expense: 1,
        expense_type: 'usd',
      })
    ).json().data;
    expect(edited).toMatchObject({
      price_usd: 0.1,
      usd_idr: 15_500,
      net_income: 19,
      converted_expense: '10 Pixels ($1.00)',
    });
  });

  it.each([
    ['pixels', 'pixels', '/api/income-pixels'],
    ['axs', 'axie-infinity', '/api/income-axie'],
  ] as const)(
    'lists %s records, valued, as each write answered it: same fields, values, key order, newest date first',
    async (token, coin, path) => {
      const { token: owner } = await signInUser(t.app);
      upstream.setHistory(coin, PAST_DAY, 0.1 + 0.2);
      const written = [];
      for (const [amount, description] of [
        [1234.5678, 'Quote " and \\ back'],
        [0.1, 'Ünïcode 🎮 rent'],
      ] as const) {
        const res = await call('POST', path, owner, {
          [token]: amount,
          expense: 1.5,
          expense_type: token,
          expense_description: description,
          date: PAST_DAY,
        });
        expect(res.statusCode).toBe(201);
        written.push(res.json().data);
      }
      const list = await call('GET', path, owner);
      expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
      const { data } = list.json();
      // Same day: the newer id first.
      expect(data).toEqual([...written].reverse());
      expect(data.map((record: object) => Object.keys(record))).toEqual(
        [...written].reverse().map((record) => Object.keys(record)),
      );
    },
  );

  it('keeps records private and per token', async () => {
    const mine = (await call('GET', '/api/income-pixels', alice)).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/income-pixels', bob)).json()).toEqual({ data: [] });
    const id = mine[0].id;
    expect((await call('PUT', `/api/income-pixels/${id}`, bob, { pixels: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/income-pixels/${id}`, bob)).statusCode).toBe(404);
    // A Pixels record is not reachable through the Axie routes either.
    expect((await call('DELETE', `/api/income-axie/${id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/income-pixels')).statusCode).toBe(401);

    const edited = await call('PUT', `/api/income-pixels/${id}`, alice, {
      pixels: 5,
      date: '2026-01-02',
    });
    expect(edited.json().data).toMatchObject({ id, income: 5, date: '2026-01-02' });
    expect((await call('DELETE', `/api/income-pixels/${id}`, alice)).json()).toEqual({
      message: 'Record deleted.',
    });
  });
});
