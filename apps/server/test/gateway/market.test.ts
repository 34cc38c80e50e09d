import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../../src/app.js';
import { ZMarketUpstreamAnswer } from '../../src/gateway/market.js';
import { startFakeUpstream } from '../../../../harness/fake-upstream.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-app.js';

type Upstream = Awaited<ReturnType<typeof startFakeUpstream>>;

const GOOD = {
  data: { Farming: [{ name: 'Popberry', level: 2, profit_per_energy: 0.5, sell_price: 10 }] },
};

/** Answers seen from real Pixels endpoints, and other near misses: none is item info by category. */
const WRONG_SHAPES: [string, unknown, RegExp][] = [
  [
    'counts and prices',
    { counts: { popberry: 3 }, prices: { popberry: 12 }, lastUpdated: 1_700_000_000 },
    /data/,
  ],
  ['a list of listings', { listings: [{ itemId: 'itm_popberry', price: 12 }] }, /data/],
  ['a category that is not a list', { data: { Farming: { name: 'Popberry' } } }, /Farming/],
  [
    'an item whose field has the wrong type',
    { data: { Farming: [{ name: 'Popberry', level: 'high' }] } },
    /Farming\.0\.level/,
  ],
  [
    'items with none of the documented fields',
    { data: { listings: [{ itemId: 'x' }] } },
    /listings\.0/,
  ],
  [
    'a boolean where a number goes',
    { data: { Farming: [{ name: 'P', sell_price: true }] } },
    /sell_price/,
  ],
];

describe('a market answer of the wrong shape', () => {
  let upstream: Upstream;
  let database: TestDatabase;
  let app: App;
  const lines: { msg?: string; source?: string; reason?: string }[] = [];

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(database.dataDir, {
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        MARKET_API_URL: `${upstream.url}/market`,
        MARKET_TTL: '100ms',
      }),
      db: database.db,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await upstream.close();
  });

  const market = () => app.inject({ method: 'GET', url: '/api/market' });
  /**
   * The answer once a check has brought it to `expected`: a read past the TTL is answered at once
   * with the last good items, marked as being checked (stale-while-revalidate), and a check after
   * a failure may wait for its retry.
   */
  const settled = async (expected: Record<string, unknown>) => {
    let body: { stale: boolean; checking?: boolean; data: unknown } | undefined;
    await vi.waitFor(
      async () => {
        body = (await market()).json();
        expect(body?.checking).toBeUndefined();
        expect(body).toMatchObject(expected);
      },
      { timeout: 5_000, interval: 50 },
    );
    return body!;
  };

  it('is refused with none before it: the market load fails', async () => {
    upstream.setBody('/market', WRONG_SHAPES[0]![1]);
    const res = await market();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Failed to load item data.' });
  });

  it.each(WRONG_SHAPES)(
    'is refused after a good answer: %s; the last good items are served as stale',
    async (_name, body, where) => {
      upstream.setBody('/market', GOOD);
      await settled({ stale: false, data: GOOD.data });

      upstream.setBody('/market', body);
      lines.length = 0;
      await settled({ stale: true, data: { Farming: [{ name: 'Popberry', level: 2 }] } });
      expect((await market()).statusCode).toBe(200);
      const logged = lines.find((line) => line.msg === 'upstream failed');
      expect(logged?.source).toBe('market');
      expect(logged?.reason).toMatch(/does not match the documented shape/);
      expect(logged?.reason).toMatch(where);
    },
  );

  it('accepts the documented shape with missing fields, numeric strings and "N/A"', async () => {
    upstream.setBody('/market', {
      data: {
        Cooking: [
          { name: 'Pie', profit_per_energy: '1.5', sell_price: 'N/A', tier: 2, extra: 'kept out' },
          { name: 'Jam', level: null },
        ],
      },
      generatedAt: '2025-01-01',
    });
    const body = (await settled({ stale: false, data: { Cooking: expect.any(Array) } })) as {
      data: { Cooking: unknown };
    };
    expect(body.data.Cooking).toEqual([
      expect.objectContaining({ name: 'Pie', profit_per_energy: 1.5, sell_price: 'N/A', tier: 2 }),
      expect.objectContaining({ name: 'Jam', level: 1 }),
    ]);
  });

  it('documents the expected shape as a JSON Schema, in docs/ and in /api/docs', async () => {
    const schema = z.toJSONSchema(ZMarketUpstreamAnswer, { io: 'input' });
    const file = path.resolve(import.meta.dirname, '../../../../docs/market-upstream.schema.json');
    const { $schema: _draft, ...committed } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const { $schema: _generated, ...generated } = schema;
    expect(committed).toMatchObject(generated);

    const openapi = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(openapi.components.schemas.MarketUpstreamAnswer).toMatchObject({
      type: 'object',
      required: ['data'],
    });
    expect(openapi.paths['/api/market'].get.description).toMatch(/MarketUpstreamAnswer/);
  });
});
