import http from 'node:http';
import SQLite from 'better-sqlite3';
import type { AddressInfo } from 'node:net';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { startFakeUpstream } from '../../../../harness/fake-upstream.js';
import { KeptAnswerDoor } from '../../src/http-cache/kept-answer-door.js';
import { RECHECK_MS } from '../../src/db/database.js';
import { signInUser } from '../support/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../support/test-app.js';

const URL_PATH = '/api/wallets?limit=10&offset=0';

/** An answer as a client sees it on the wire, the date (which moves) left out. */
type Seen = { status: number; body: string; headers: [string, string][] };

/**
 * The kept answers' door (http-cache/kept-answer-door.ts) answers ahead of Fastify only what the
 * way through Fastify would answer from memory, byte for byte; every request it cannot vouch for
 * goes on to Fastify, which decides it in full. Measured on a listening server: inject() never
 * passes the door.
 */
describe('the kept answers’ door', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: TestApp;
  let base: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  /** Whether the door answered each request since the last reset, in order. */
  let door: MockInstance<KeptAnswerDoor['answer']>;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // The prices value an income record as it is saved: a valued record's answer is kept.
    t = await createTestApp({
      env: { PRICE_API_URL: upstream.url, FX_API_URL: `${upstream.url}/fx` },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
    door = vi.spyOn(KeptAnswerDoor.prototype, 'answer');
  });
  afterEach(() => door.mockClear());
  afterAll(async () => {
    door.mockRestore();
    await t.close();
    await upstream.close();
  });

  const get = async (path: string, token: string, init: RequestInit = {}): Promise<Seen> => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
    const headers = [...res.headers].filter(([name]) => name !== 'date');
    return { status: res.status, body: await res.text(), headers };
  };
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** Adds a wallet for `token` through the API. */
  const addWallet = async (token: string, name: string, hexPair: string) => {
    const created = await post('/api/wallets', token, {
      wallet_name: name,
      wallet_address: `0x${hexPair.repeat(20)}`,
    });
    expect(created.status).toBe(201);
  };
  /** What the door did with each request since the last look. */
  const doorAnswered = () => {
    const answered = door.mock.results.map((result) => result.value as boolean);
    door.mockClear();
    return answered;
  };
  /** On SQLite the door answers a repeated read; on PostgreSQL the versions are read each time. */
  const ANSWERS_REPEATS = TEST_ENGINE === 'sqlite';

  it('writes a kept answer as Fastify sent it, every header included', async () => {
    await addWallet(alice.token, 'Main', 'ab');
    doorAnswered();

    const first = await get(URL_PATH, alice.token);
    const again = await get(URL_PATH, alice.token);
    expect(doorAnswered()).toEqual([false, ANSWERS_REPEATS]);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toHaveLength(1);
    expect(again).toEqual(first);
    // The security headers and the list's total came with it.
    const names = again.headers.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'x-total-count',
        'content-type',
        'content-length',
      ]),
    );
  });

  it('never answers one user with another’s kept answer', async () => {
    await get(URL_PATH, alice.token);
    doorAnswered();
    const theirs = await get(URL_PATH, bob.token);
    expect(doorAnswered()).toEqual([false]);
    expect(theirs.status).toBe(200);
    expect(JSON.parse(theirs.body)).toEqual([]);
  });

  it('lets a write show on the very next read', async () => {
    await get(URL_PATH, alice.token);
    await addWallet(alice.token, 'Second', 'cd');
    doorAnswered();
    const fresh = await get(URL_PATH, alice.token);
    expect(doorAnswered()).toEqual([false]);
    expect(JSON.parse(fresh.body)).toHaveLength(2);
  });

  it('passes on a signed-out token, which Fastify refuses with its message', async () => {
    const carol = await signInUser(t.app);
    await get(URL_PATH, carol.token);
    await get(URL_PATH, carol.token);
    expect((await post('/api/logout', carol.token, {})).status).toBe(200);
    doorAnswered();
    const refused = await get(URL_PATH, carol.token);
    expect(doorAnswered()).toEqual([false]);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).message).toBe('Your session has ended. Please sign in again.');
  });

  it('passes on what it cannot vouch for: a forged token, none, another method', async () => {
    await get(URL_PATH, alice.token);
    doorAnswered();
    const forged = `${alice.token.slice(0, -2)}xx`;
    expect((await get(URL_PATH, forged)).status).toBe(401);
    expect((await fetch(`${base}${URL_PATH}`)).status).toBe(401);
    const head = await fetch(`${base}${URL_PATH}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(head.status).toBe(200);
    expect(doorAnswered()).toEqual([false, false, false]);
  });

  it('passes on a request with a body, which Fastify answers as ever', async () => {
    await get(URL_PATH, alice.token);
    doorAnswered();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${base}${URL_PATH}`, {
        method: 'GET',
        headers: {
          authorization: `Bearer ${alice.token}`,
          'content-type': 'application/json',
          'content-length': '2',
        },
      });
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      request.on('error', reject);
      request.end('{}');
    });
    expect(doorAnswered()).toEqual([false]);
    expect(status).toBe(200);
  });

  it('on SQLite, reads the versions itself once the file may have changed', async () => {
    if (!t.sqliteFile) return; // PostgreSQL reads the versions on every request.
    const dan = await signInUser(t.app);
    const url = '/api/links?limit=10&offset=0';
    const created = await post('/api/links', dan.token, {
      title: 'Before',
      url: 'https://example.com/b',
    });
    expect(created.status).toBe(201);
    const before = await get(url, dan.token);

    // Another user's write moves the file's change count, not this user's versions: the door
    // reads them, finds them as they were, and answers.
    expect(
      (await post('/api/links', bob.token, { title: 'Theirs', url: 'https://example.com/t' }))
        .status,
    ).toBe(201);
    doorAnswered();
    expect(await get(url, dan.token)).toEqual(before);
    expect(doorAnswered()).toEqual([true]);

    // Another process writes the file: within RECHECK_MS the kept answer may still go; after
    // it, the door finds the versions moved on and Fastify answers afresh.
    const other = new SQLite(t.sqliteFile);
    try {
      other.prepare(`update links set title = 'After' where title = 'Before'`).run();
    } finally {
      other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
    doorAnswered();
    const after = await get(url, dan.token);
    expect(doorAnswered()).toEqual([false]);
    expect(after.body).toContain('"After"');
    // Time alone changes nothing: once the new answer is kept, the door sends it again.
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
    doorAnswered();
    expect(await get(url, dan.token)).toEqual(after);
    expect(doorAnswered()).toEqual([true]);
  });

  it('answers a repeated read of every kept list at the door', async () => {
    const erin = await signInUser(t.app);
    const income = await post('/api/income-axie', erin.token, {
      axs: 10,
      expense: 1,
      expense_type: 'usd',
    });
    expect(income.status).toBe(201);
    const saved = (await income.json()) as { data: { price_usd: number | null } };
    expect(saved.data.price_usd).not.toBeNull();
    for (const url of [
      '/api/wallets?limit=10&offset=0',
      '/api/links?limit=10&offset=0',
      '/api/income-pixels',
      '/api/income-axie',
      '/api/notifications',
      '/api/admin-notifications',
    ]) {
      const first = await get(url, erin.token);
      expect(first.status, url).toBe(200);
      doorAnswered();
      expect(await get(url, erin.token), url).toEqual(first);
      expect(doorAnswered(), url).toEqual([ANSWERS_REPEATS]);
    }
  });
});
