import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivityItem, TActivityPage } from '@nexusplay/contract/activity';
import { EXPORT_RETRY_AFTER_SECONDS, type ExportSlots } from '../../../src/lib/exports.js';
import { activityService, tokenUnits } from '../../../src/modules/activity/activity.service.js';
import {
  insertTransfers,
  type TransferRow,
} from '../../../src/modules/activity/activity.repository.js';
import { signInUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { address, txHash } from '../../support/chain-ids.js';

const CHAIN_ID = 2020;
const PIXEL = `0x${'a1'.repeat(20)}`;
const USDC = `0x${'b2'.repeat(20)}`;
const SLP = `0x${'c3'.repeat(20)}`;
const RONIN_TOKENS = `PIXEL:${PIXEL}:18,USDC:${USDC}:6,SLP:${SLP}:0`;
const MAX_UINT256 = (2n ** 256n - 1n).toString();

/*
 * The activity API over transfers stored as the follower stores them (no node): each user reads
 * only the transfers of their own wallets, filtered and paged, with exact amounts and values at
 * the day's kept price.
 */
describe('the activity API', () => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const wallets: Record<'farm' | 'vault' | 'bob', number> = { farm: 0, vault: 0, bob: 0 };
  const FARM = address(1);
  const VAULT = address(2);
  const BOB = address(3);
  const STRANGER = address(99);
  let slots: ExportSlots | undefined;

  const addWallet = async (token: string, name: string, wallet_address: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallets',
      headers: bearer(token),
      payload: { wallet_name: name, wallet_address },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };

  const transfer = (
    n: number,
    token: string,
    from: string,
    to: string,
    amount: string,
    day = '2026-11-20',
  ): TransferRow => ({
    chain_id: CHAIN_ID,
    tx_hash: txHash(n),
    log_index: n % 3,
    block_number: 1000 + n,
    block_time: `${day}T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
    token,
    from_address: from,
    to_address: to,
    amount,
  });

  const read = async (token: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity${query}`,
      headers: bearer(token),
    });
    return res;
  };
  const items = async (token: string, query = '') => {
    const res = await read(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TActivityPage>().data;
  };
  const keys = (list: TActivityItem[]) =>
    list.map((item) => `${item.block_number}:${item.wallet.name}:${item.direction}`);

  beforeAll(async () => {
    t = await createTestApp({
      env: { RONIN_TOKENS, TIME_ZONE: 'UTC' },
      // The API's export slots, as its routes see them.
      beforeReady: (app) =>
        app.addHook('onRequest', async (request) => {
          slots ??= request.server.exportSlots;
        }),
    });
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
    wallets.farm = await addWallet(alice.token, 'Farm wallet', FARM);
    wallets.vault = await addWallet(alice.token, '=HYPERLINK("x")', VAULT);
    wallets.bob = await addWallet(bob.token, 'Bob main', BOB);

    const service = activityService({ db: t.db.kysely });
    await service.followTracked(CHAIN_ID, 1200, 100);
    await insertTransfers(t.db.kysely, [
      // 120 PIXEL in to Farm from a stranger, on a day whose price is kept.
      transfer(1, PIXEL, STRANGER, FARM, '120000000000000000000'),
      // 1.5 USDC out of Farm to a stranger.
      transfer(2, USDC, FARM, STRANGER, '1500000'),
      // Farm to Vault: both Alice's.
      transfer(3, PIXEL, FARM, VAULT, '250000000000000000'),
      // The largest uint256 of a 0-decimal token, and of an 18-decimal one.
      transfer(4, SLP, STRANGER, VAULT, MAX_UINT256),
      transfer(5, PIXEL, STRANGER, VAULT, MAX_UINT256, '2026-11-21'),
      // Bob's alone.
      transfer(6, PIXEL, STRANGER, BOB, '7000000000000000000'),
      // Bob pays Alice's farm: each sees it from their side.
      transfer(7, USDC, BOB, FARM, '42'),
    ]);
    const asOf = new Date().toISOString();
    await t.db.kysely
      .insertInto('daily_rates')
      .values([
        { series: 'pixels', day: '2026-11-20', value: 0.02, as_of: asOf },
        { series: 'usd-idr', day: '2026-11-20', value: 16_000, as_of: asOf },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('answers each user their own wallets’ transfers, newest first, once per wallet', async () => {
    const res = await read(alice.token);
    expect(res.headers['x-total-count']).toBe('7');
    const page = res.json<TActivityPage>();
    expect(keys(page.data)).toEqual([
      '1007:Farm wallet:in',
      '1005:=HYPERLINK("x"):in',
      '1004:=HYPERLINK("x"):in',
      '1003:Farm wallet:out',
      '1003:=HYPERLINK("x"):in',
      '1002:Farm wallet:out',
      '1001:Farm wallet:in',
    ]);
    expect(page.as_of).toEqual({ block: 1200, time: expect.any(String) });

    const own = page.data.filter((item) => item.block_number === 1003);
    expect(own.map((item) => item.counterparty)).toEqual([
      { wallet_id: wallets.vault, wallet_name: '=HYPERLINK("x")' },
      { wallet_id: wallets.farm, wallet_name: 'Farm wallet' },
    ]);
    expect(page.data[0]).toMatchObject({
      wallet: { id: wallets.farm, name: 'Farm wallet' },
      token: 'USDC',
      amount: '0.000042',
      counterparty: { address: BOB },
      tx_hash: txHash(7),
      log_index: 1,
      time: '2026-11-20T10:00:07.000Z',
    });

    const bobs = await items(bob.token);
    expect(keys(bobs)).toEqual(['1007:Bob main:out', '1006:Bob main:in']);
    expect(bobs[0]!.counterparty).toEqual({ address: FARM });
  });

  it('gives amounts exactly in token units', async () => {
    const all = await items(alice.token);
    const at = (block: number) => all.find((item) => item.block_number === block)!.amount;
    expect(at(1001)).toBe('120');
    expect(at(1002)).toBe('1.5');
    expect(at(1004)).toBe(MAX_UINT256);
    expect(at(1005)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
    expect(tokenUnits('1', 18)).toBe('0.000000000000000001');
    expect(tokenUnits('1000000', 6)).toBe('1');
    expect(tokenUnits('0', 6)).toBe('0');
  });

  it('values a transfer at its day’s kept price, else says the price is pending', async () => {
    const all = await items(alice.token);
    const at = (block: number, wallet = 'Farm wallet') =>
      all.find((item) => item.block_number === block && item.wallet.name === wallet)!;
    expect(at(1001)).toMatchObject({ value_usd: 2.4, value_idr: 38_400, price_pending: false });
    expect(at(1003)).toMatchObject({ value_usd: 0.005, value_idr: 80, price_pending: false });
    // No price kept for the 21st, nor any for USDC.
    expect(at(1005, '=HYPERLINK("x")')).toMatchObject({
      value_usd: null,
      value_idr: null,
      price_pending: true,
    });
    expect(at(1002)).toMatchObject({ value_usd: null, value_idr: null, price_pending: true });
  });

  it('filters by wallet, token and direction', async () => {
    expect(keys(await items(alice.token, `?wallet_id=${wallets.vault}`))).toEqual([
      '1005:=HYPERLINK("x"):in',
      '1004:=HYPERLINK("x"):in',
      '1003:=HYPERLINK("x"):in',
    ]);
    expect(keys(await items(alice.token, '?token=pixel'))).toEqual([
      '1005:=HYPERLINK("x"):in',
      '1003:Farm wallet:out',
      '1003:=HYPERLINK("x"):in',
      '1001:Farm wallet:in',
    ]);
    expect(keys(await items(alice.token, '?direction=out'))).toEqual([
      '1003:Farm wallet:out',
      '1002:Farm wallet:out',
    ]);
    expect(
      keys(await items(alice.token, `?wallet_id=${wallets.farm}&token=USDC&direction=in`)),
    ).toEqual(['1007:Farm wallet:in']);
  });

  it('never shows another user’s wallet, and refuses what it does not know', async () => {
    expect((await read(alice.token, `?wallet_id=${wallets.bob}`)).statusCode).toBe(404);
    expect((await read(bob.token, `?wallet_id=${wallets.farm}`)).statusCode).toBe(404);
    expect((await read(alice.token, '?token=DOGE')).statusCode).toBe(400);
    expect((await read(alice.token, '?direction=up')).statusCode).toBe(400);
    expect((await read(alice.token, '?page=0')).statusCode).toBe(400);
    expect((await read(alice.token, '?limit=1001')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });

  it('pages newest first with the total in X-Total-Count', async () => {
    const all = keys(await items(alice.token));
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await read(alice.token, `?limit=2&page=${page}`);
      expect(res.headers['x-total-count']).toBe('7');
      pages.push(...keys(res.json<TActivityPage>().data));
    }
    expect(pages).toEqual(all);
    expect(await items(alice.token, '?limit=2&page=5')).toEqual([]);
  });

  it('exports what the filter shows as CSV, formulas neutralised', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/activity/export?token=PIXEL',
      headers: bearer(alice.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="activity-.*\.csv"/);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Time,Wallet,Token,Direction,Amount,Other side,Transaction,Log index,Block,Value (USD),Value (IDR)',
    );
    expect(lines.slice(1)).toEqual([
      `2026-11-21T10:00:05.000Z,"'=HYPERLINK(""x"")",PIXEL,in,115792089237316195423570985008687907853269984665640564039457.584007913129639935,${STRANGER},${txHash(5)},2,1005,,`,
      `2026-11-20T10:00:03.000Z,Farm wallet,PIXEL,out,0.25,"'=HYPERLINK(""x"")",${txHash(3)},0,1003,0.005,80`,
      `2026-11-20T10:00:03.000Z,"'=HYPERLINK(""x"")",PIXEL,in,0.25,Farm wallet,${txHash(3)},0,1003,0.005,80`,
      `2026-11-20T10:00:01.000Z,Farm wallet,PIXEL,in,120,${STRANGER},${txHash(1)},1,1001,2.4,38400`,
    ]);

    const bobs = await t.app.inject({
      method: 'GET',
      url: '/api/activity/export',
      headers: bearer(bob.token),
    });
    expect(bobs.body.trim().split(/\r?\n/)).toHaveLength(3);
    expect(bobs.body).not.toContain('Farm wallet');
  });

  it('shares the download slots of the other exports: a user’s second download waits (429)', async () => {
    // A download of Alice's still being sent: her slot is taken until its reply closes.
    const raw = new EventEmitter();
    const held = { header: () => held, raw } as unknown as FastifyReply;
    slots!.take(held, alice.id);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/activity/export',
        headers: bearer(alice.token),
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      expect(res.json().message).toBe(
        'Your previous download is still being prepared. Try again when it has finished.',
      );
    } finally {
      raw.emit('close');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/activity/export',
      headers: bearer(alice.token),
    });
    expect(res.statusCode).toBe(200);
  });

  it('is in the OpenAPI document, with its filter', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    for (const path of ['/api/activity', '/api/activity/export']) {
      const names = doc.paths[path]?.get?.parameters?.map((parameter) => parameter.name);
      expect(names, path).toEqual(expect.arrayContaining(['wallet_id', 'token', 'direction']));
    }
    expect(doc.paths['/api/activity']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit']),
    );
  });
});
