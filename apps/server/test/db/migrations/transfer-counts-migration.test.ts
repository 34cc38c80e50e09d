import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/db/migrate.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-app.js';
import { address, txHash } from '../../support/chain-ids.js';

const COUNTS = MIGRATION_NAMES.find((name) => name.startsWith('0022-'))!;
const BEFORE = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(COUNTS) - 1]!;

const PIXEL = `0x${'a1'.repeat(20)}`;
const SLP = `0x${'c3'.repeat(20)}`;

describe(`migration ${COUNTS} on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: BEFORE });
  });
  afterAll(() => database.drop());

  it('counts the transfers stored before it, per address, token and side', async () => {
    const db = database.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    // A to B twice in PIXEL, B to A once in SLP, A to itself once in PIXEL.
    const moves: [number, number, string][] = [
      [1, 2, PIXEL],
      [1, 2, PIXEL],
      [2, 1, SLP],
      [1, 1, PIXEL],
    ];
    await db
      .insertInto('chain_transfers')
      .values(
        moves.map(([from, to, token], n) => ({
          chain_id: 2020,
          tx_hash: txHash(n),
          log_index: 0,
          block_number: 100 + n,
          block_time: '2026-11-20T10:00:00.000Z',
          token,
          from_address: address(from),
          to_address: address(to),
          amount: '1',
        })),
      )
      .execute();
    await migrateToLatest(db as Kysely<unknown>, database.db.engine, database.schema);
    const rows = await database.db.kysely
      .selectFrom('chain_transfer_counts')
      .select(['address', 'token', 'side', 'transfers'])
      .orderBy('address')
      .orderBy('token')
      .orderBy('side')
      .execute();
    expect(rows.map((row) => ({ ...row, transfers: Number(row.transfers) }))).toEqual([
      { address: address(1), token: PIXEL, side: 'in', transfers: 1 },
      { address: address(1), token: PIXEL, side: 'out', transfers: 3 },
      { address: address(1), token: SLP, side: 'in', transfers: 1 },
      { address: address(2), token: PIXEL, side: 'in', transfers: 2 },
      { address: address(2), token: SLP, side: 'out', transfers: 1 },
    ]);
  });
});
