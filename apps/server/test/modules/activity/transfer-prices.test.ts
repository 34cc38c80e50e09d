import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceSeries } from '../../../src/config.js';
import { TransferPrices } from '../../../src/modules/activity/transfer-prices.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-app.js';

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const token = (n: number) => `0x${String(n).repeat(40)}` as const;
const TOKENS = [
  { symbol: 'PIXEL', address: token(1), decimals: 18, priceSeries: 'pixels' },
  { symbol: 'AXS', address: token(2), decimals: 18, priceSeries: 'axs' },
  { symbol: 'SLP', address: token(3), decimals: 0, priceSeries: 'slp' },
] as const;

describe(`the transfers' price series, on ${TEST_ENGINE}`, () => {
  let t: TestDatabase;
  let stored = 0;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  async function storeTransfers(tokens: readonly string[]) {
    await t.db.kysely
      .insertInto('chain_transfers')
      .values(
        tokens.map((address) => {
          stored += 1;
          return {
            chain_id: 2020,
            tx_hash: `0x${stored.toString(16).padStart(64, '0')}`,
            log_index: 0,
            block_number: stored,
            block_time: '2026-11-01T00:00:00.000Z',
            token: address,
            from_address: `0x${'a'.repeat(40)}`,
            to_address: `0x${'b'.repeat(40)}`,
            amount: '1',
          };
        }),
      )
      .execute();
  }

  it('reads the stored transfers a range of ids at a time, yielding between ranges, and asks each series seen', async () => {
    // Nine PIXEL transfers, then one AXS: the AXS one is in the last range of three ids.
    await storeTransfers([...Array<string>(9).fill(token(1)), token(2)]);
    const asked: PriceSeries[] = [];
    const prices = new TransferPrices({
      db: t.db.kysely,
      tokens: TOKENS,
      history: {
        complete: async (series) => {
          asked.push(series);
          return false;
        },
      },
      log: quiet,
      readChunk: 3,
    });

    let turns = 0;
    let passed = false;
    const turn = () => {
      if (passed) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    await prices.pass();
    passed = true;
    expect(asked.sort()).toEqual(['axs', 'pixels']);
    // Ten ids in ranges of three: four statements, the event loop free between them.
    expect(turns).toBeGreaterThanOrEqual(3);

    // The next pass reads only what was stored since: an SLP transfer joins the series asked.
    asked.length = 0;
    await storeTransfers([token(3)]);
    await prices.pass();
    expect(asked.sort()).toEqual(['axs', 'pixels', 'slp']);
  });
});
