import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import {
  accessLevel,
  LineBatches,
  logSerializers,
  redactUrl,
  SLOW_READ_MS,
} from '../../src/plugins/access-log.js';
import { registerUser } from '../support/accounts.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-app.js';

/*
 * One access line per request, when it completes: at info (the default) for the writes, the
 * refusals, the failures and the slow reads; at debug for the successful reads as well.
 */
describe('access log', () => {
  let database: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  async function appLoggingAt(level: 'info' | 'debug') {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      config: testConfig(database.dataDir, { TRUST_PROXY: '1' }),
      db: database.db,
      logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    apps.push(app);
    await app.ready();
    return { app, lines, requests: () => lines.filter((line) => line.msg === 'request') };
  }

  it('at info, writes a line for each write, refusal and failure, none for a successful read', async () => {
    const { app, lines, requests } = await appLoggingAt('info');
    app.log.info('a line pino writes');
    const read = await app.inject({ method: 'GET', url: '/api/games?limit=5' });
    const refused = await app.inject({ method: 'GET', url: '/api/wallets' });
    const write = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { email: 'nobody@example.com', password: 'not this one' },
    });
    // Characters JSON must escape, to prove the preformatted line stays valid JSON.
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere?q=a"b\\c\u00e9' });
    expect([read.statusCode, refused.statusCode, write.statusCode, missing.statusCode]).toEqual([
      200, 401, 401, 404,
    ]);

    expect(requests()).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/api/wallets', statusCode: 401 }),
      expect.objectContaining({
        level: 30,
        method: 'POST',
        url: '/api/login',
        statusCode: 401,
        ip: '203.0.113.9',
        ms: expect.any(Number),
        reqId: expect.any(String),
      }),
      // (The request's URL as it arrived: percent-encoded but for the backslash.)
      expect.objectContaining({ level: 30, url: '/api/nowhere?q=a%22b\\c%C3%A9', statusCode: 404 }),
    ]);
    // The same shape as every other line of the log, which pino writes.
    const other = lines.find((line) => line.msg === 'a line pino writes');
    expect(other).toBeDefined();
    for (const line of requests()) {
      expect(Object.keys(line).slice(0, 4)).toEqual(['level', 'time', 'pid', 'hostname']);
      expect(line).toMatchObject({ pid: other?.pid, hostname: other?.hostname });
      expect(Math.abs(Number(line.time) - Date.now())).toBeLessThan(60_000);
    }
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('at debug, writes the successful reads too, at debug', async () => {
    const { app, requests } = await appLoggingAt('debug');
    const read = await app.inject({
      method: 'GET',
      url: '/api/games?limit=5',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const refused = await app.inject({ method: 'GET', url: '/api/wallets' });
    expect([read.statusCode, refused.statusCode]).toEqual([200, 401]);
    expect(requests()).toEqual([
      expect.objectContaining({
        level: 20,
        method: 'GET',
        url: '/api/games?limit=5',
        statusCode: 200,
        ip: '203.0.113.9',
        ms: expect.any(Number),
        reqId: expect.any(String),
      }),
      expect.objectContaining({ level: 30, url: '/api/wallets', statusCode: 401 }),
    ]);
  });

  it('takes a read as successful below 400 and quick below SLOW_READ_MS, and anything else at info', () => {
    expect(SLOW_READ_MS).toBe(500);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(accessLevel(method, 200, 0.4)).toBe(20);
      expect(accessLevel(method, 304, 499.9)).toBe(20);
      expect(accessLevel(method, 399, 1)).toBe(20);
      expect(accessLevel(method, 200, 500)).toBe(30);
      expect(accessLevel(method, 400, 1)).toBe(30);
      expect(accessLevel(method, 503, 1)).toBe(30);
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(accessLevel(method, 200, 0.4)).toBe(30);
      expect(accessLevel(method, 204, 0.4)).toBe(30);
    }
  });
});

/* A URL's secrets (a reset link's token above all) stay out of the log. */
describe('secrets in logged URLs', () => {
  it('are redacted by field name, however the name is written, and nothing else is', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(
      redactUrl('/x?q=a&api_key=k1&Password=p&%74oken=t&auth+code=c&X-Amz-Signature=s&limit=5'),
    ).toBe(
      '/x?q=a&api_key=[redacted]&Password=[redacted]&%74oken=[redacted]&auth+code=[redacted]' +
        '&X-Amz-Signature=[redacted]&limit=5',
    );
    expect(redactUrl('/x?secret')).toBe('/x?secret=[redacted]');
    for (const kept of ['/api/games?limit=5&sort=name', '/api/games', '/x?%E0%A4%A=1'])
      expect(redactUrl(kept)).toBe(kept);
    // The request as Fastify logs it itself (a 5xx it answers).
    const request = { method: 'GET', url: '/r?code=c1', host: 'h', ip: '192.0.2.1' };
    expect(logSerializers.req(request as never)).toEqual({
      method: 'GET',
      url: '/r?code=[redacted]',
      host: 'h',
      remoteAddress: '192.0.2.1',
      remotePort: undefined,
    });
  });

  it('keep a reset token out of every line but the mail the log delivers', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig(database.dataDir),
      db: database.db,
      // At debug: the successful reads' lines too.
      logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.ready();
      const account = await registerUser(app);
      const forgot = await app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: account.email },
      });
      expect(forgot.statusCode).toBe(202);
      // The mail is written to the log (no SMTP_URL) once the answer has gone.
      let token: string | undefined;
      await expect
        .poll(() => {
          token = lines.join('').match(/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
          return token;
        })
        .toBeDefined();
      const link = `/reset-password?token=${token}`;
      // The page the link opens, the same link with a second field, and a 404 of the API.
      for (const url of [link, `${link}&from=mail`, `/api/nowhere?reset_token=${token}`])
        await app.inject({ method: 'GET', url });

      const withToken = lines.filter((line) => line.includes(token!));
      expect(withToken).toHaveLength(1);
      expect(JSON.parse(withToken[0]!)).toMatchObject({ level: 40, mail: { to: account.email } });
      const requests = lines.map((line) => JSON.parse(line)).filter((l) => l.msg === 'request');
      expect(requests.map((line) => line.url)).toEqual(
        expect.arrayContaining([
          '/reset-password?token=[redacted]',
          '/reset-password?token=[redacted]&from=mail',
          '/api/nowhere?reset_token=[redacted]',
        ]),
      );
    } finally {
      await app.close();
      await database.drop();
    }
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
