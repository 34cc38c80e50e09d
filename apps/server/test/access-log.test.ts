import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { LineBatches } from '../src/plugins/access-log.js';
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
    app.log.info('a line pino writes');
    const ok = await app.inject({
      method: 'GET',
      url: '/api/games?limit=5',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const refused = await app.inject({ method: 'GET', url: '/api/wallets' });
    // Characters JSON must escape, to prove the preformatted line stays valid JSON.
    const odd = await app.inject({ method: 'GET', url: '/api/games?q=a"b\\c\u00e9' });
    expect([ok.statusCode, refused.statusCode, odd.statusCode]).toEqual([200, 401, 200]);

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
      // (The request's URL as it arrived: percent-encoded but for the backslash.)
      expect.objectContaining({ url: '/api/games?q=a%22b\\c%C3%A9', statusCode: 200 }),
    ]);
    // The same shape as every other line of the log, which pino writes.
    const other = lines.find((line) => line.msg === 'a line pino writes');
    expect(other).toBeDefined();
    for (const line of requests) {
      expect(Object.keys(line).slice(0, 4)).toEqual(['level', 'time', 'pid', 'hostname']);
      expect(line).toMatchObject({ pid: other?.pid, hostname: other?.hostname });
      expect(Math.abs(Number(line.time) - Date.now())).toBeLessThan(60_000);
    }
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});

/* Standard output gets the log in batches: one write per ~8 KB or per 200 ms, lines in order. */
describe('log line batches', () => {
  it('writes lines together once 8 KB gathered, a lone line within 200 ms, all in order', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const batches = new LineBatches({ write: (text: string) => writes.push(text) });
      // Lines of exactly 100 characters.
      const line = (i: number) => `${String(i).padStart(3, '0')}${'x'.repeat(96)}\n`;
      for (let i = 0; i < 81; i += 1) batches.write(line(i));
      // 8,100 characters: under 8,192, nothing written yet.
      expect(writes).toEqual([]);
      batches.write(line(81));
      expect(writes).toHaveLength(1);
      expect(writes[0]).toBe(Array.from({ length: 82 }, (_, i) => line(i)).join(''));

      batches.write(line(82));
      vi.advanceTimersByTime(199);
      expect(writes).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(writes).toEqual([writes[0], line(82)]);

      batches.write(line(83));
      batches.flush();
      expect(writes.at(-1)).toBe(line(83));
      batches.flush();
      expect(writes).toHaveLength(3);
      // The flushed line's timer was cleared: nothing more is written.
      vi.advanceTimersByTime(1_000);
      expect(writes).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
