import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChildData,
  startChildServer,
  type ChildData,
  type ChildServer,
} from '../support/child-server.js';
import { RECHECK_MS } from '../../src/db/database.js';

/**
 * Two production servers (each its own process) on one database and no Redis: an answer one of
 * them keeps in memory is not sent again after the other, or anything else, wrote its rows. The
 * versions it is checked against live in the database, raised by its triggers.
 */
describe('kept answers across instances', () => {
  let data: ChildData;
  let a: ChildServer;
  let b: ChildServer;
  let token: string;

  const call = async (base: string, method: string, path: string, json?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const names = async (base: string) => {
    const res = await call(base, 'GET', '/api/wallets?limit=10&offset=0');
    expect(res.status).toBe(200);
    return (res.body as { wallet_name: string }[]).map((wallet) => wallet.wallet_name);
  };

  beforeAll(async () => {
    data = await createChildData('keptanswers');
    const env = { REDIS_URL: '' };
    // One after the other: the first runs the migrations.
    a = await startChildServer(data, env);
    b = await startChildServer(data, env);
    const identity = randomBytes(4).toString('hex');
    const account = {
      username: `keeper${identity}`,
      email: `keeper${identity}@example.com`,
      password: 'a long password for tests',
    };
    expect((await call(a.url, 'POST', '/api/register', account)).status).toBe(201);
    const signedIn = await call(a.url, 'POST', '/api/login', account);
    token = (signedIn.body as { token: string }).token;
  });
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await data?.remove();
  });

  /**
   * On PostgreSQL an instance reads the versions on every request: another's write shows at once.
   * On SQLite another process's commit to the file (the admin CLI, a second server) moves the
   * file's change count within RECHECK_MS (db.changesNow), and the versions are read again.
   */
  const seen = async (base: string, expected: string[]) => {
    if (a.engine === 'postgres') return expect(await names(base)).toEqual(expected);
    await expect
      .poll(() => names(base), { timeout: RECHECK_MS * 3, interval: 50 })
      .toEqual(expected);
  };

  it('shows on one instance what the other wrote, and what was written to the database directly', async () => {
    const wallet = (name: string, digit: string) => ({
      wallet_name: name,
      wallet_address: `0x${digit.repeat(40)}`,
    });
    expect((await call(a.url, 'POST', '/api/wallets', wallet('First', '1'))).status).toBe(201);
    expect(await names(a.url)).toEqual(['First']);
    expect(await names(a.url)).toEqual(['First']);

    expect((await call(b.url, 'POST', '/api/wallets', wallet('Second', '2'))).status).toBe(201);
    await seen(a.url, ['First', 'Second']);

    await data.query(
      `update wallets set wallet_name = 'Renamed' where wallet_name = 'First' returning id`,
    );
    await seen(a.url, ['Renamed', 'Second']);
    await seen(b.url, ['Renamed', 'Second']);
  });
});
