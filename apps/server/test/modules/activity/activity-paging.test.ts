import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityPage,
  activityTotal,
  insertTransfers,
  type ActivityFilter,
  type TransferRow,
} from '../../../src/modules/activity/activity.repository.js';
import { createUser } from '../../../src/modules/users/users.repository.js';
import { insertWallets } from '../../../src/modules/wallets/wallets.repository.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-app.js';
import { address, txHash } from '../../support/chain-ids.js';

const PIXEL = `0x${'a1'.repeat(20)}`;
const SLP = `0x${'c3'.repeat(20)}`;
const USDC = `0x${'b2'.repeat(20)}`;
/** A token the configuration no longer names: stored, never read. */
const RETIRED = `0x${'d4'.repeat(20)}`;

/*
 * A page of a user with many transfers is read from their newest transfers only when those hold
 * it: every page of every filter must be the rows a full sort of all of them gives.
 */
describe('the activity pages of a user with many transfers', () => {
  let t: TestDatabase;
  let userId = 0;
  let walletIds: number[] = [];
  const everyRow = async (filter: ActivityFilter) =>
    activityPage(t.db.kysely, filter, { offset: 0, limit: 100_000 });

  beforeAll(async () => {
    t = await createTestDatabase();
    const user = await createUser(t.db.kysely, {
      username: 'many-transfers',
      email: 'many@example.com',
      passwordHash: 'x',
      role: 'user',
    });
    userId = user.id;
    const other = await createUser(t.db.kysely, {
      username: 'someone-else',
      email: 'else@example.com',
      passwordHash: 'x',
      role: 'user',
    });
    await insertWallets(
      t.db.kysely,
      userId,
      [1, 2, 3].map((n) => ({ wallet_name: `W${n}`, wallet_address: address(n), category: null })),
    );
    await insertWallets(t.db.kysely, other.id, [
      { wallet_name: 'Theirs', wallet_address: address(9), category: null },
    ]);
    walletIds = (
      await t.db.kysely
        .selectFrom('wallets')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    // 600 transfers, several in a block; PIXEL most, SLP often, USDC rarely and mostly long ago,
    // a few between two of the user's wallets, some of a token no longer configured.
    const rows: TransferRow[] = [];
    for (let n = 0; n < 600; n += 1) {
      const block = 1_000 + Math.floor(n / 4);
      const token =
        n % 50 === 7 ? RETIRED : n % 10 === 3 ? SLP : n < 100 && n % 5 === 1 ? USDC : PIXEL;
      const own = address(1 + (n % 3));
      const other =
        n % 13 === 0 ? address(1 + ((n + 1) % 3)) : n % 17 === 0 ? address(9) : address(500 + n);
      const incoming = n % 3 !== 1;
      rows.push({
        chain_id: 2020,
        tx_hash: txHash(n),
        log_index: n % 4,
        block_number: block,
        block_time: new Date(Date.UTC(2026, 10, 1) + block * 60_000).toISOString(),
        token,
        from_address: incoming ? other : own,
        to_address: incoming ? own : other,
        amount: String(n + 1),
      });
    }
    // In two overlapping parts: a transfer stored again (another instance's window, a backfill
    // over blocks already read) is neither a second row nor counted twice in the totals.
    await insertTransfers(t.db.kysely, rows.slice(0, 400));
    await insertTransfers(t.db.kysely, rows.slice(200));
  });
  afterAll(() => t.drop());

  it('gives every page of every filter as a full sort does', async () => {
    const filters: ActivityFilter[] = [
      { userId, tokens: [PIXEL, SLP, USDC] },
      { userId, tokens: [PIXEL] },
      { userId, tokens: [SLP], direction: 'out' },
      { userId, tokens: [USDC] },
      { userId, tokens: [PIXEL, SLP, USDC], direction: 'in' },
      { userId, tokens: [PIXEL, USDC], walletId: walletIds[1]! },
      { userId, tokens: [PIXEL, SLP, USDC], upToId: 400 },
    ];
    for (const filter of filters) {
      const all = await everyRow(filter);
      // The total is of every transfer stored (an export's upToId is for its pages alone).
      if (filter.upToId === undefined) {
        expect(all.length, JSON.stringify(filter)).toBe(await activityTotal(t.db.kysely, filter));
      }
      expect(all.every((row) => filter.tokens.includes(row.token))).toBe(true);
      for (const limit of [1, 10, 50]) {
        for (const offset of [0, 3, 49, 120, all.length - 5, all.length + 10]) {
          if (offset < 0) continue;
          const page = await activityPage(t.db.kysely, filter, { offset, limit });
          expect(page, `${JSON.stringify(filter)} ${offset}+${limit}`).toEqual(
            all.slice(offset, offset + limit),
          );
        }
      }
    }
  });

  it('reads a full sort of the newest first, out of one wallet before in to another', async () => {
    const all = await everyRow({ userId, tokens: [PIXEL, SLP, USDC] });
    const key = (row: (typeof all)[number]) => [row.block_number, row.log_index];
    for (let i = 1; i < all.length; i += 1) {
      const [block, log] = key(all[i]!);
      const [prevBlock, prevLog] = key(all[i - 1]!);
      expect(block! < prevBlock! || (block === prevBlock && log! <= prevLog!)).toBe(true);
    }
    // Transfers between two of the user's wallets are in both.
    expect(all.filter((row) => row.other_wallet_id !== null).length).toBeGreaterThan(0);
    expect(all.some((row) => row.token === RETIRED)).toBe(false);
  });
});
