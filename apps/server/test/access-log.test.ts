import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers/test-app.js';

/* The access log is written for every answer, cached ones included, so it is one line each. */
describe('access log', () => {
  let database: TestDatabase;
  let app: App;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(database.dataDir, { TRUST_PROXY: 'true' }),
      db: database.db,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('writes one line per request, when it completes, with what it asked and how it ended', async () => {
    lines.length = 0;
    const ok = await app.inject({
      method: 'GET',
      url: '/api/games?limit=5',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const refused = await app.inject({ method: 'GET', url: '/api/wallets' });
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 401]);

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/games?limit=5',
        statusCode: 200,
        ip: '203.0.113.9',
        ms: expect.any(Number),
        reqId: expect.any(String),
      }),
      expect.objectContaining({ url: '/api/wallets', statusCode: 401 }),
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});
