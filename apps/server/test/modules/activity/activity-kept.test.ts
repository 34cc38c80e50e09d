import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivityPage } from '@nexusplay/contract/activity';
import { writeDailyValues } from '../../../src/gateway/daily-rates.repository.js';
import {
  insertTransfers,
  moveCursor,
  type TransferRow,
} from '../../../src/modules/activity/activity.repository.js';
import { activityService } from '../../../src/modules/activity/activity.service.js';
import { signInUser } from '../../support/accounts.js';
import { apiCall } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { address, txHash } from '../../support/chain-ids.js';

const CHAIN_ID = 2020;
const PIXEL = `0x${'a1'.repeat(20)}`;
const SLP = `0x${'c3'.repeat(20)}`;
const RONIN_TOKENS = `PIXEL:${PIXEL}:18,SLP:${SLP}:0`;

/*
 * The activity's first page is polled by every open activity page: it is kept in memory and sent
 * again while what it was read from is unchanged. Each thing it shows must still show on the next
 * read once written by the code that writes it: a transfer the follower stores, a day's price,
 * the follower's cursor, the user's wallets. Nothing else's write throws it away.
 */
describe('the activity’s kept answer', () => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const FARM = address(1);
  const BOB = address(2);
  const STRANGER = address(99);
  let farmId = 0;

  const transfer = (n: number, to: string, day: string, token = PIXEL): TransferRow => ({
    chain_id: CHAIN_ID,
    tx_hash: txHash(n),
    log_index: 0,
    block_number: 1000 + n,
    block_time: `${day}T10:00:00.000Z`,
    token,
    from_address: STRANGER,
    to_address: to,
    amount: `${n}000000000000000000`,
  });

  const read = async (token: string, query = '') => {
    const res = await apiCall(t.app, 'GET', `/api/activity${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, total: res.headers['x-total-count'] };
  };
  const page = (answer: { body: string }) => JSON.parse(answer.body) as TActivityPage;

  /** Changes a transfer's amount where no version sees it: a kept answer still shows the old one. */
  const changeUnseen = (n: number, amount: string) =>
    t.db.kysely
      .updateTable('chain_transfers')
      .set({ amount })
      .where('tx_hash', '=', txHash(n))
      .execute();

  const versionOf = async (list: 'chain_transfers', userId: number) =>
    (
      await t.db.kysely
        .selectFrom('list_versions')
        .select('version')
        .where('list', '=', list)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.version ?? 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { RONIN_TOKENS, TIME_ZONE: 'UTC' } });
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
    const farm = await apiCall(t.app, 'POST', '/api/wallets', alice.token, {
      wallet_name: 'Farm wallet',
      wallet_address: FARM,
    });
    expect(farm.statusCode).toBe(201);
    farmId = farm.json<{ id: number }>().id;
    const bobs = await apiCall(t.app, 'POST', '/api/wallets', bob.token, {
      wallet_name: 'Bob main',
      wallet_address: BOB,
    });
    expect(bobs.statusCode).toBe(201);
    await activityService({ db: t.db.kysely }).followTracked(CHAIN_ID, 1100, 100);
    await insertTransfers(t.db.kysely, [transfer(1, FARM, '2026-11-20')]);
  });
  afterAll(() => t.close());

  it('is kept, and sent again while nothing it was read from is written', async () => {
    const kept = t.app.personalAnswers.size;
    const first = await read(alice.token);
    expect(t.app.personalAnswers.size).toBe(kept + 1);
    expect(page(first).data.map((item) => item.amount)).toEqual(['1']);
    expect(first.total).toBe('1');

    await changeUnseen(1, '5000000000000000000');
    expect(await read(alice.token)).toEqual(first);
    await changeUnseen(1, '1000000000000000000');
  });

  it('shows a transfer stored for one of the user’s wallets on the next read', async () => {
    const before = page(await read(alice.token));
    await insertTransfers(t.db.kysely, [transfer(2, FARM, '2026-11-21')]);
    const after = await read(alice.token);
    expect(page(after).data.map((item) => item.amount)).toEqual(['2', '1']);
    expect(after.total).toBe('2');
    expect(page(after).data).toHaveLength(before.data.length + 1);
  });

  it('is not thrown away by another user’s transfer', async () => {
    const first = await read(alice.token);
    const [alices, bobs] = [
      await versionOf('chain_transfers', alice.id),
      await versionOf('chain_transfers', bob.id),
    ];
    await insertTransfers(t.db.kysely, [transfer(3, BOB, '2026-11-21')]);
    expect(await versionOf('chain_transfers', alice.id)).toBe(alices);
    expect(await versionOf('chain_transfers', bob.id)).toBe(bobs + 1);
    // Kept still: a change no version sees is not shown.
    await changeUnseen(1, '7000000000000000000');
    expect(await read(alice.token)).toEqual(first);
    await changeUnseen(1, '1000000000000000000');
    expect(page(await read(bob.token)).data.map((item) => item.amount)).toEqual(['3']);
  });

  it('values a pending transfer on the next read once its day’s price is written', async () => {
    const pending = page(await read(alice.token)).data;
    expect(pending.every((item) => item.price_pending)).toBe(true);
    const asOf = new Date().toISOString();
    await writeDailyValues(t.db.kysely, 'usd-idr', [{ day: '2026-11-20', value: 16_000 }], asOf);
    await writeDailyValues(t.db.kysely, 'pixels', [{ day: '2026-11-20', value: 0.02 }], asOf);
    const valued = page(await read(alice.token)).data;
    expect(valued.map((item) => [item.value_usd, item.value_idr, item.price_pending])).toEqual([
      [null, null, true],
      [0.02, 320, false],
    ]);
  });

  it('shows the follower’s new cursor in its "as of" on the next read', async () => {
    const before = page(await read(alice.token)).as_of;
    expect(before?.block).toBe(1100);
    const moved = await moveCursor(
      t.db.kysely,
      CHAIN_ID,
      { from: 1100, to: 1110, blockTime: '2026-11-22T00:00:00.000Z' },
      new Date().toISOString(),
    );
    expect(moved).toBe(true);
    expect(page(await read(alice.token)).as_of).toEqual({
      block: 1110,
      time: '2026-11-22T00:00:00.000Z',
    });
  });

  it('shows a wallet renamed, for every filter kept', async () => {
    const filtered = `?wallet_id=${farmId}&token=PIXEL`;
    expect(page(await read(alice.token, filtered)).data[0]?.wallet.name).toBe('Farm wallet');
    const renamed = await apiCall(t.app, 'PUT', `/api/wallets/${farmId}`, alice.token, {
      wallet_name: 'Barn',
      wallet_address: FARM,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(page(await read(alice.token, filtered)).data[0]?.wallet.name).toBe('Barn');
    expect(page(await read(alice.token)).data[0]?.wallet.name).toBe('Barn');
  });
});
