import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tellUsers } from '../../../src/modules/notifications/notifications.service.js';
import { signInUser } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

let transfers = 0;

describe('personal notifications: the door other modules write through', () => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  /** A stored chain transfer, as the follower stores one: its id. */
  const transfer = async () => {
    transfers += 1;
    const row = await t.db.kysely
      .insertInto('chain_transfers')
      .values({
        chain_id: 2020,
        tx_hash: `0x${transfers.toString(16).padStart(64, '0')}`,
        log_index: 0,
        block_number: transfers,
        block_time: '2026-11-20T03:00:00.000Z',
        token: `0x${'11'.repeat(20)}`,
        from_address: `0x${'22'.repeat(20)}`,
        to_address: `0x${'33'.repeat(20)}`,
        amount: '120000000000000000000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const note = (userId: number, chainTransferId: number | null) => ({
    user_id: userId,
    title: 'New PIXEL income: 120 PIXEL in Farm wallet',
    message: '120 PIXEL arrived in Farm wallet on 20 Nov 2026.',
    chain_transfer_id: chainTransferId,
    created_at: '2026-11-20T03:00:05.000Z',
  });
  const rowsOf = (userId: number) =>
    t.db.kysely
      .selectFrom('user_notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  const versionOf = async (userId: number) =>
    (
      await t.db.kysely
        .selectFrom('list_versions')
        .select('version')
        .where('list', '=', 'user_notifications')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.version ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
  });
  afterAll(() => t.close());

  it('stores each user and transfer once, and raises only their users’ versions', async () => {
    const id = await transfer();
    const [aliceBefore, bobBefore] = [await versionOf(alice.id), await versionOf(bob.id)];
    expect(await tellUsers(t.db.kysely, [note(alice.id, id), note(alice.id, id)])).toBe(1);
    expect(await tellUsers(t.db.kysely, [note(alice.id, id)])).toBe(0);
    expect(await rowsOf(alice.id)).toHaveLength(1);
    expect(await rowsOf(bob.id)).toHaveLength(0);
    expect(await versionOf(alice.id)).toBe(aliceBefore + 1);
    expect(await versionOf(bob.id)).toBe(bobBefore);
    expect(await tellUsers(t.db.kysely, [])).toBe(0);
  });

  it('stores notifications about no transfer as often as told', async () => {
    await tellUsers(t.db.kysely, [note(bob.id, null), note(bob.id, null)]);
    expect(await rowsOf(bob.id)).toHaveLength(2);
  });

  it('commits with the caller’s transaction, and rolls back with it', async () => {
    const id = await transfer();
    const before = await versionOf(alice.id);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await tellUsers(trx, [note(alice.id, id)]);
        throw new Error('the caller’s write failed');
      }),
    ).rejects.toThrow('the caller’s write failed');
    expect((await rowsOf(alice.id)).filter((row) => row.chain_transfer_id === id)).toEqual([]);
    expect(await versionOf(alice.id)).toBe(before);

    await t.db.kysely.transaction().execute((trx) => tellUsers(trx, [note(alice.id, id)]));
    expect((await rowsOf(alice.id)).filter((row) => row.chain_transfer_id === id)).toHaveLength(1);
    expect(await versionOf(alice.id)).toBe(before + 1);
  });
});
