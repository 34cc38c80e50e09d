import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIncomeRecord } from '@nexusplay/contract/income';
import type {
  TIncomeAutoList,
  TIncomeSuggestion,
  TIncomeSuggestionPage,
} from '@nexusplay/contract/income-suggestions';
import { suggestionText } from '@nexusplay/contract/income-suggestions';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { TOKENS } from '../../../../../harness/ronin-node.js';
import {
  insertTransfers,
  type TransferRow,
} from '../../../src/modules/activity/activity.repository.js';
import { dayIn } from '../../../src/lib/dates.js';
import { incomeArrivals } from '../../../src/modules/income/income-suggestions.service.js';
import { signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { address, txHash } from '../../support/chain-ids.js';

const CHAIN_ID = 2020;
const PIXEL = TOKENS.PIXEL.address;
const AXS = TOKENS.AXS.address;
const USDC = TOKENS.USDC.address;
const E18 = 10n ** 18n;
const MAX_UINT256 = (2n ** 256n - 1n).toString();

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The calendar day `n` days before today in the server's time zone (Asia/Jakarta, UTC+7). */
const daysAgo = (n: number) => {
  const [y, m, d] = dayIn('Asia/Jakarta').split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - n)).toISOString().slice(0, 10);
};
/** 01:30 in Jakarta on `day`: 18:30 UTC the day before, so the two calendars differ. */
const earlyOn = (day: string) => new Date(Date.parse(`${day}T01:30:00.000+07:00`)).toISOString();

/*
 * Income found on chain, over transfers stored as the follower stores them (no node here; the
 * follower's part runs against Ganache in income-arrivals.test.ts): each user is offered the
 * incoming PIXEL / AXS of their own wallets from someone else, adds one once however often it is
 * accepted, and never sees or touches another's.
 */
describe('income suggestions', () => {
  let upstream: FakeUpstream;
  let t: TestApp;
  let alice: string;
  let bob: string;
  const wallets = { farm: 0, vault: 0, bob: 0 };
  const FARM = address(1);
  const VAULT = address(2);
  const BOB = address(3);
  const STRANGER = address(99);
  const D1 = daysAgo(3);
  const D2 = daysAgo(2);
  /** Transfer ids by the number each was made with. */
  const ids: Record<number, number> = {};

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const page = async (token: string, path = '/api/income-pixels/suggestions') => {
    const res = await call('GET', path, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TIncomeSuggestionPage>();
  };
  const suggested = async (token: string, path?: string) =>
    (await page(token, path)).data.map((item) => item.id);
  const recordsOf = async (transferId: number) =>
    t.db.kysely
      .selectFrom('income_records')
      .select(['id', 'user_id'])
      .where('chain_transfer_id', '=', transferId)
      .execute();

  const transfer = (
    n: number,
    token: string,
    from: string,
    to: string,
    amount: bigint | string,
    time: string,
  ): TransferRow => ({
    chain_id: CHAIN_ID,
    tx_hash: txHash(n),
    log_index: n % 4,
    block_number: 1000 + n,
    block_time: time,
    token,
    from_address: from,
    to_address: to,
    amount: String(amount),
  });

  const addWallet = async (token: string, name: string, wallet_address: string) => {
    const res = await call('POST', '/api/wallets', token, { wallet_name: name, wallet_address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.setHistory('pixels', D1, 0.02);
    upstream.setHistory('pixels', D2, 0.04);
    upstream.setHistory('axie-infinity', D1, 3);
    t = await createTestApp({
      env: {
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        PRICE_HISTORY_RATE: '6000',
      },
    });
    alice = (await signInUser(t.app)).token;
    bob = (await signInUser(t.app)).token;
    wallets.farm = await addWallet(alice, 'Farm wallet', FARM);
    wallets.vault = await addWallet(alice, 'Vault', VAULT);
    wallets.bob = await addWallet(bob, 'Bob main', BOB);

    const rows = [
      // 120 PIXEL in to Farm from a stranger, early on D1 in Jakarta (still D1 - 1 in UTC).
      transfer(1, PIXEL, STRANGER, FARM, 120n * E18, earlyOn(D1)),
      // Farm to Vault: both Alice's, no income.
      transfer(2, PIXEL, FARM, VAULT, E18 / 2n, earlyOn(D1)),
      transfer(3, AXS, STRANGER, VAULT, 3n * E18, earlyOn(D1)),
      transfer(4, PIXEL, STRANGER, BOB, 7n * E18, earlyOn(D1)),
      // Nothing sent, and a token no tracker records.
      transfer(5, PIXEL, STRANGER, FARM, 0n, earlyOn(D1)),
      transfer(6, USDC, STRANGER, FARM, 1_000_000n, earlyOn(D1)),
      transfer(7, PIXEL, STRANGER, VAULT, (5n * E18) / 2n, `${D2}T05:00:00.000Z`),
      // Out of Alice's wallet: no income of hers (Bob's, though: it is not from his wallets).
      transfer(8, PIXEL, VAULT, BOB, E18, `${D2}T06:00:00.000Z`),
      // More than a record holds.
      transfer(9, PIXEL, STRANGER, VAULT, MAX_UINT256, `${D2}T07:00:00.000Z`),
      transfer(10, AXS, STRANGER, FARM, 4n * E18, `${D2}T08:00:00.000Z`),
    ];
    await insertTransfers(t.db.kysely, rows);
    const stored = await t.db.kysely
      .selectFrom('chain_transfers')
      .select(['id', 'block_number'])
      .execute();
    for (const row of stored) ids[row.block_number - 1000] = row.id;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('offers each user the incoming PIXEL of their own wallets from someone else, newest first, exactly', async () => {
    const res = await call('GET', '/api/income-pixels/suggestions', alice);
    expect(res.headers['x-total-count']).toBe('3');
    const body = res.json<TIncomeSuggestionPage>();
    expect(body.total).toBe(3);
    expect(body.data.map((item) => item.id)).toEqual([ids[9], ids[7], ids[1]]);
    const first = body.data.find((item) => item.id === ids[1])!;
    expect(first).toMatchObject<Partial<TIncomeSuggestion>>({
      id: ids[1]!,
      wallet: { id: wallets.farm, name: 'Farm wallet' },
      token: 'pixels',
      symbol: 'PIXEL',
      amount: '120',
      day: D1,
      time: earlyOn(D1),
      from_address: STRANGER,
      tx_hash: txHash(1),
      log_index: 1,
    });
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'wallet',
        'token',
        'symbol',
        'amount',
        'day',
        'time',
        'from_address',
        'tx_hash',
        'log_index',
        'price_usd',
        'value_usd',
        'value_idr',
        'price_pending',
      ].sort(),
    );
    const [y, m, d] = D1.split('-').map(Number);
    expect(suggestionText(first)).toBe(
      `120 PIXEL arrived in Farm wallet on ${d} ${MONTHS[m! - 1]} ${y}`,
    );
    expect(body.data.find((item) => item.id === ids[7])).toMatchObject({
      amount: '2.5',
      day: D2,
      wallet: { name: 'Vault' },
    });

    expect(await suggested(alice, '/api/income-axie/suggestions')).toEqual([ids[10], ids[3]]);
    expect(await suggested(bob)).toEqual([ids[8], ids[4]]);
    expect(await suggested(bob, '/api/income-axie/suggestions')).toEqual([]);

    const second = await call('GET', '/api/income-pixels/suggestions?limit=1&page=2', alice);
    expect(second.json<TIncomeSuggestionPage>()).toMatchObject({
      total: 3,
      data: [{ id: ids[7] }],
    });
  });

  it('values a suggestion at its day’s price once the history has it', async () => {
    await expect
      .poll(async () => (await page(alice)).data.find((item) => item.id === ids[1]), {
        timeout: 4000,
        interval: 100,
      })
      .toMatchObject({ price_usd: 0.02, value_usd: 2.4, price_pending: false });
  });

  it('adds a suggestion as the record the user would have typed, once however often it is accepted', async () => {
    const url = `/api/income-pixels/suggestions/${ids[1]}/accept`;
    // The income list as the open page last read it (a kept answer), before the accept.
    expect((await call('GET', '/api/income-pixels', alice)).json().data).toEqual([]);
    const first = await call('POST', url, alice);
    expect(first.statusCode, first.body).toBe(201);
    const record = first.json<{ created: boolean; data: TIncomeRecord }>();
    expect(record).toMatchObject({
      message: 'Added as income.',
      created: true,
      data: {
        income: 120,
        pixels: 120,
        expense: 0,
        expense_description: 'Farm wallet',
        date: D1,
        price_usd: 0.02,
        net_income: 2.4,
      },
    });

    const again = await call('POST', url, alice);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Already added as income.',
      created: false,
      data: { id: record.data.id },
    });
    expect(await recordsOf(ids[1]!)).toHaveLength(1);
    expect(await suggested(alice)).toEqual([ids[9], ids[7]]);

    const list = (await call('GET', '/api/income-pixels', alice)).json<{ data: TIncomeRecord[] }>();
    expect(list.data.filter((row) => row.id === record.data.id)).toHaveLength(1);
  });

  it('makes one record of concurrent accepts (two tabs, a double click)', async () => {
    const url = `/api/income-pixels/suggestions/${ids[7]}/accept`;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call('POST', url, alice)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const recordIds = new Set(answers.map((res) => res.json().data.id));
    expect(recordIds.size).toBe(1);
    expect(await recordsOf(ids[7]!)).toHaveLength(1);
    expect(answers[0]!.json().data).toMatchObject({ income: 2.5, date: D2, price_usd: 0.04 });
  });

  it('refuses a transfer larger than a record holds with 409, and ignoring hides it', async () => {
    const accept = await call('POST', `/api/income-pixels/suggestions/${ids[9]}/accept`, alice);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toMatch(/^Income is too large/);
    expect(await recordsOf(ids[9]!)).toHaveLength(0);

    const ignore = await call('POST', `/api/income-pixels/suggestions/${ids[9]}/ignore`, alice);
    expect(ignore.statusCode).toBe(200);
    expect(ignore.json()).toEqual({ message: 'Suggestion ignored.' });
    expect(await page(alice)).toEqual({ data: [], total: 0 });
    // Twice changes nothing; one added already cannot be ignored.
    expect(
      (await call('POST', `/api/income-pixels/suggestions/${ids[9]}/ignore`, alice)).statusCode,
    ).toBe(200);
    const added = await call('POST', `/api/income-pixels/suggestions/${ids[1]}/ignore`, alice);
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({ message: 'This transfer is already added as income.' });
  });

  it('adds all the ids the page shows in one go, or none when one is not the caller’s', async () => {
    const url = '/api/income-axie/suggestions/accept-all';
    // Bob's transfer among them: nothing is added.
    const mixed = await call('POST', url, alice, { ids: [ids[10], ids[4]] });
    expect(mixed.statusCode).toBe(404);
    expect(await recordsOf(ids[10]!)).toHaveLength(0);
    // A PIXEL transfer is no suggestion of Income Axie.
    expect((await call('POST', url, alice, { ids: [ids[10], ids[7]] })).statusCode).toBe(404);

    const all = await call('POST', url, alice, { ids: [ids[10], ids[3]] });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      message: '2 records added.',
      added: 2,
      data: [
        { income: 4, axs: 4, date: D2, expense_description: 'Farm wallet' },
        { income: 3, axs: 3, date: D1, expense_description: 'Vault' },
      ],
    });
    expect(await suggested(alice, '/api/income-axie/suggestions')).toEqual([]);

    const again = await call('POST', url, alice, { ids: [ids[3], ids[10], ids[3]] });
    expect(again.json()).toMatchObject({ message: '0 records added.', added: 0 });
    expect(again.json().data).toHaveLength(2);
    expect(await recordsOf(ids[10]!)).toHaveLength(1);
    expect(await recordsOf(ids[3]!)).toHaveLength(1);
  });

  it('never lets another user see, accept or ignore someone’s suggestion', async () => {
    for (const action of ['accept', 'ignore']) {
      const res = await call('POST', `/api/income-pixels/suggestions/${ids[4]}/${action}`, alice);
      expect(res.statusCode, action).toBe(404);
      expect(res.json()).toEqual({ message: 'This suggestion does not exist.' });
    }
    const accepted = await call('POST', `/api/income-pixels/suggestions/${ids[7]}/accept`, bob);
    expect(accepted.statusCode).toBe(404);
    // Alice's own move between her wallets and her outgoing transfer are no suggestion of hers.
    for (const n of [2, 5, 6, 8]) {
      const res = await call('POST', `/api/income-pixels/suggestions/${ids[n]}/accept`, alice);
      expect(res.statusCode, String(n)).toBe(404);
    }
    expect(await suggested(bob)).toEqual([ids[8], ids[4]]);
    expect(await recordsOf(ids[4]!)).toHaveLength(0);
  });

  it('answers ids past 2^31, zero, negative or not numbers with 400, never 500', async () => {
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', 'abc', '1.5', '1e400']) {
      for (const action of ['accept', 'ignore']) {
        const res = await call('POST', `/api/income-pixels/suggestions/${id}/${action}`, alice);
        expect(res.statusCode, `${id} ${action}`).toBe(400);
      }
      const auto = await call('PUT', `/api/income-pixels/auto-add/${id}`, alice, { on: true });
      expect(auto.statusCode, id).toBe(400);
    }
    const url = '/api/income-pixels/suggestions/accept-all';
    for (const body of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [2147483648] },
      { ids: 'all' },
      { ids: Array.from({ length: 101 }, (_, n) => n + 1) },
    ]) {
      expect((await call('POST', url, alice, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const query of ['page=0', 'limit=101', 'limit=abc', 'page=1e9']) {
      const res = await call('GET', `/api/income-pixels/suggestions?${query}`, alice);
      expect(res.statusCode, query).toBe(400);
    }
    // A well-formed id no transfer has.
    const none = await call('POST', '/api/income-pixels/suggestions/2147483647/accept', alice);
    expect(none.statusCode).toBe(404);
  });

  it('keeps a switch per wallet and token that only the wallet’s owner turns', async () => {
    const list = async (token: string, path = '/api/income-pixels/auto-add') =>
      (await call('GET', path, token)).json<TIncomeAutoList>().data;
    expect(await list(alice)).toEqual([
      { wallet: { id: wallets.farm, name: 'Farm wallet' }, on: false },
      { wallet: { id: wallets.vault, name: 'Vault' }, on: false },
    ]);

    const on = await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, alice, {
      on: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      wallet: { id: wallets.vault, name: 'Vault' },
      on: true,
      message: 'Incoming PIXEL to Vault is added automatically.',
    });
    // Twice on keeps it on; the other token's switch is its own.
    await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, alice, { on: true });
    expect((await list(alice)).map((row) => row.on)).toEqual([false, true]);
    expect((await list(alice, '/api/income-axie/auto-add')).map((row) => row.on)).toEqual([
      false,
      false,
    ]);

    const others = await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, bob, {
      on: false,
    });
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ message: 'This wallet does not exist.' });
    expect(await list(bob)).toEqual([{ wallet: { id: wallets.bob, name: 'Bob main' }, on: false }]);
    for (const body of [{}, { on: 'yes' }, { on: 1 }, { on: null }]) {
      const res = await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }

    const off = await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, alice, {
      on: false,
    });
    expect(off.json()).toMatchObject({
      on: false,
      message: 'Incoming PIXEL to Vault is offered as suggestions.',
    });
    expect((await list(alice)).map((row) => row.on)).toEqual([false, false]);
  });

  it('tells of an arrival within the title’s 200 characters, and adds none past the tracker’s cap', async () => {
    const longName = 'W'.repeat(100);
    const wide = address(50);
    await addWallet(alice, longName, wide);
    const on = await call('PUT', `/api/income-axie/auto-add/${wallets.farm}`, alice, { on: true });
    expect(on.statusCode).toBe(200);
    const stored = await insertTransfers(t.db.kysely, [
      transfer(11, PIXEL, STRANGER, wide, MAX_UINT256, new Date().toISOString()),
      transfer(12, AXS, STRANGER, FARM, E18, new Date(Date.now() + 2000).toISOString()),
    ]);
    expect(stored).toHaveLength(2);
    // Alice has two AXS records: a cap of two leaves no room for the automatic one.
    const arrivals = incomeArrivals({
      engine: t.db.engine,
      timeZone: 'Asia/Jakarta',
      cap: 2,
      tokens: t.config.gateway.ronin.tokens,
    });
    await t.db.kysely.transaction().execute((trx) => arrivals(trx, stored));
    const told = await t.db.kysely
      .selectFrom('user_notifications')
      .select(['title', 'message', 'chain_transfer_id'])
      .where('chain_transfer_id', 'in', stored)
      .orderBy('chain_transfer_id')
      .execute();
    const title = `New PIXEL income: ${'115792089237316195423570985008687907853269984665640564039457.584007913129639935'} PIXEL in ${longName}`;
    expect(told).toEqual([
      {
        title: title.slice(0, 200),
        message: 'Waiting on Income Pixels: add it as income or ignore it there.',
        chain_transfer_id: stored[0],
      },
      {
        title: 'New AXS income: 1 AXS in Farm wallet',
        message: 'Waiting on Income Axie: add it as income or ignore it there.',
        chain_transfer_id: stored[1],
      },
    ]);
    expect(await recordsOf(stored[1]!)).toHaveLength(0);
    await call('PUT', `/api/income-axie/auto-add/${wallets.farm}`, alice, { on: false });
  });

  it('asks a guest to sign in', async () => {
    expect((await call('GET', '/api/income-pixels/suggestions')).statusCode).toBe(401);
    expect((await call('POST', `/api/income-pixels/suggestions/${ids[1]}/accept`)).statusCode).toBe(
      401,
    );
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const tracker of ['income-pixels', 'income-axie']) {
      for (const path of [
        `/api/${tracker}/suggestions`,
        `/api/${tracker}/suggestions/accept-all`,
        `/api/${tracker}/suggestions/{id}/accept`,
        `/api/${tracker}/suggestions/{id}/ignore`,
        `/api/${tracker}/auto-add`,
        `/api/${tracker}/auto-add/{id}`,
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
    }
  });
});
