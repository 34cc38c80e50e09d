import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../../../../harness/fake-upstream.js';
import { loginToken, registerUser } from '../support/accounts.js';
import { apiCall, bearer, multipart, type CallArgs } from '../support/content.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { address } from '../support/chain-ids.js';

/** Small caps, so that a test reaches them; the defaults are 1,000 / 10,000 / 50,000. */
const CAP = 3;
/** Parallel adds sent when the user is one row short of the cap: exactly one may land. */
const RACERS = 8;

describe('each user’s rows are capped (MAX_WALLETS, MAX_LINKS, MAX_INCOME_RECORDS)', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: TestApp;
  let next = 1;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({
      env: {
        MAX_WALLETS: String(CAP),
        MAX_LINKS: String(CAP),
        MAX_INCOME_RECORDS: String(CAP),
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const newUser = async () => {
    const user = await registerUser(t.app);
    return loginToken(t.app, user.email, user.password);
  };
  const upload = async (token: string, url: string, content: string) => {
    const body = await multipart(
      {},
      { name: 'file', bytes: Buffer.from(content), filename: 'rows.csv', type: 'text/csv' },
    );
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  const newWallet = () => ({ wallet_name: `W${next}`, wallet_address: address(next++) });
  const newLink = () => ({ title: `L${next}`, url: `https://example.com/${next++}` });
  const countOf = async (token: string, url: string) => {
    const res = await call('GET', url, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return Array.isArray(body) ? body.length : (body as { data: unknown[] }).data.length;
  };

  /** Fills to the cap less one, then races RACERS adds: one lands, the rest are 409 saying the cap. */
  async function raceAtCapLessOne(url: string, listUrl: string, row: () => object, noun: string) {
    const token = await newUser();
    for (let i = 0; i < CAP - 1; i += 1)
      expect((await call('POST', url, token, row())).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => call('POST', url, token, row())),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(RACERS - 1).fill(409)]);
    const refused = answers.find((res) => res.statusCode === 409)!.json();
    // The one error shape (the link manager's answers carry the message as `error` too).
    expect(refused).toMatchObject({
      message: `You can keep at most ${CAP} ${noun}. Delete some to add more.`,
    });
    expect(refused).not.toHaveProperty('errors');
    expect(await countOf(token, listUrl)).toBe(CAP);
    return token;
  }

  it('takes the wallet cap atomically: of parallel adds at the cap less one, exactly one lands', async () => {
    const token = await raceAtCapLessOne('/api/wallets', '/api/wallets', newWallet, 'wallets');
    // Room again once one is deleted.
    const [first] = (await call('GET', '/api/wallets', token)).json() as { id: number }[];
    expect((await call('DELETE', `/api/wallets/${first!.id}`, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/wallets', token, newWallet())).statusCode).toBe(201);
    expect((await call('POST', '/api/wallets', token, newWallet())).statusCode).toBe(409);
  });

  it('takes the link cap atomically', async () => {
    await raceAtCapLessOne('/api/links', '/api/links', newLink, 'links');
  });

  it('takes the income cap atomically, per tracker', async () => {
    const token = await raceAtCapLessOne(
      '/api/income-pixels',
      '/api/income-pixels',
      () => ({ pixels: 1, date: '2025-10-01' }),
      'income records in this tracker',
    );
    // The other tracker has its own cap.
    const axie = await call('POST', '/api/income-axie', token, { axs: 1, date: '2025-10-01' });
    expect(axie.statusCode).toBe(201);
  });

  it('imports wallets up to the cap: the rows past it are refused by line, saying the cap, and not saved', async () => {
    const token = await newUser();
    expect((await call('POST', '/api/wallets', token, newWallet())).statusCode).toBe(201);
    const rows = Array.from({ length: 4 }, () => newWallet());
    const csv = [
      'wallet_name,wallet_address',
      ...rows.map((row) => `${row.wallet_name},${row.wallet_address}`),
      'Broken,0x12',
    ].join('\n');
    const res = await upload(token, '/api/wallets/import', csv);
    expect(res.statusCode).toBe(200);
    const reason = `You can keep at most ${CAP} wallets. Delete some to add more.`;
    expect(res.json()).toEqual({
      imported: 2,
      skipped: 0,
      rejected: [
        { line: 4, reason },
        { line: 5, reason },
        {
          line: 6,
          reason: 'Wallet address must be 0x or ronin: followed by 40 hexadecimal characters.',
        },
      ],
    });
    const kept = (await call('GET', '/api/wallets', token)).json() as { wallet_name: string }[];
    expect(kept.map((wallet) => wallet.wallet_name).sort()).toEqual(
      [expect.any(String), rows[0]!.wallet_name, rows[1]!.wallet_name].sort(),
    );
    expect(kept).toHaveLength(CAP);
    // At the cap, a whole file is refused and nothing saved.
    const more = newWallet();
    const full = `wallet_name,wallet_address\n${more.wallet_name},${more.wallet_address}`;
    const again = await upload(token, '/api/wallets/import', full);
    expect(again.json()).toEqual({ imported: 0, skipped: 0, rejected: [{ line: 2, reason }] });
  });

  it('imports links up to the cap, and parallel imports together save no more than the cap', async () => {
    const token = await newUser();
    const file = () =>
      [
        'title,url',
        ...Array.from({ length: CAP }, () => newLink()).map((l) => `${l.title},${l.url}`),
      ].join('\n');
    const answers = await Promise.all(
      [file(), file(), file()].map((csv) => upload(token, '/api/links/import', csv)),
    );
    const results = answers.map((res) => res.json() as { imported: number; rejected: unknown[] });
    expect(results.reduce((sum, result) => sum + result.imported, 0)).toBe(CAP);
    expect(results.reduce((sum, result) => sum + result.rejected.length, 0)).toBe(2 * CAP);
    expect(await countOf(token, '/api/links')).toBe(CAP);
  });
});
