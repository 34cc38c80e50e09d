import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChildData,
  startChildServer,
  type ChildData,
  type ChildServer,
} from './support/child-server.js';
import { startFakeUpstream } from '../../../harness/fake-upstream.js';
import { TEST_ENGINE } from './support/test-app.js';
import { address } from './support/chain-ids.js';

const USERS = 6;
const WORKERS = 16;
/** Acknowledged writes after which the server is killed, with the other workers mid-request. */
const KILL_AFTER = 400;

type Kind = 'wallets' | 'links' | 'income-pixels';
const KINDS: Kind[] = ['wallets', 'links', 'income-pixels'];

type User = { email: string; token: string };
type Write = { kind: Kind; owner: number; id: number; marker: string };

function bodyFor(kind: Kind, marker: string, serial: number) {
  if (kind === 'wallets') {
    return {
      wallet_name: marker,
      wallet_address: address(serial),
      category: 'durability',
    };
  }
  if (kind === 'links') return { title: marker, url: `https://example.com/${marker}` };
  return { income: serial, expense: 1, expense_description: marker, date: '2024-05-01' };
}

/** What identifies a written row in its list answer: the marker the write carried. */
function markerOf(kind: Kind, row: Record<string, unknown>) {
  if (kind === 'wallets') return row.wallet_name;
  if (kind === 'links') return row.title;
  return row.expense_description;
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function signUp(base: string, n: number): Promise<User> {
  const identity = {
    username: `durable${n}`,
    email: `durable${n}@example.com`,
    password: 'correct horse battery',
  };
  const registered = await call(base, 'POST', '/api/register', { body: identity });
  expect(registered.status).toBe(201);
  const login = await call(base, 'POST', '/api/login', { body: identity });
  expect(login.status).toBe(200);
  return { email: identity.email, token: (login.body as { token: string }).token };
}

/** Every row of one kind the owner can see, keyed by id, with the marker it carries. */
async function readBack(base: string, user: User, kind: Kind) {
  const rows: Record<string, unknown>[] = [];
  if (kind === 'income-pixels') {
    const answer = await call(base, 'GET', '/api/income-pixels', { token: user.token });
    expect(answer.status).toBe(200);
    rows.push(...(answer.body as { data: Record<string, unknown>[] }).data);
  } else {
    for (let offset = 0; ; offset += 1000) {
      const page = await call(base, 'GET', `/api/${kind}?limit=1000&offset=${offset}`, {
        token: user.token,
      });
      expect(page.status).toBe(200);
      const items = page.body as Record<string, unknown>[];
      rows.push(...items);
      if (items.length < 1000) break;
    }
  }
  return new Map(rows.map((row) => [row.id as number, markerOf(kind, row)]));
}

describe(`a server killed mid-stream keeps every acknowledged write (${TEST_ENGINE})`, () => {
  let data: ChildData;
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  const children: ChildServer[] = [];

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    data = await createChildData('durability');
  });

  afterAll(async () => {
    await Promise.all(children.map((child) => child.kill()));
    await data?.remove();
    await upstream?.close();
  });

  const start = async () => {
    const child = await startChildServer(data, {
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
    });
    children.push(child);
    expect(child.engine).toBe(TEST_ENGINE);
    return child;
  };

  it('finds every 2xx write after SIGKILL and a restart, on a database that opens cleanly', async ({
    annotate,
  }) => {
    const first = await start();
    const users: User[] = [];
    for (let n = 0; n < USERS; n += 1) users.push(await signUp(first.url, n));

    const acknowledged: Write[] = [];
    const refused: string[] = [];
    let outstanding = 0;
    let outstandingAtKill = -1;
    let serial = 0;

    const worker = async (w: number) => {
      for (let n = 0; outstandingAtKill < 0; n += 1) {
        const owner = (w + n) % USERS;
        const kind = KINDS[(w + n) % KINDS.length]!;
        serial += 1;
        const marker = `w${w}n${n}`;
        outstanding += 1;
        try {
          const answer = await call(first.url, 'POST', `/api/${kind}`, {
            token: users[owner]!.token,
            body: bodyFor(kind, marker, serial),
          });
          if (answer.status !== 201) {
            refused.push(`${kind} ${answer.status} ${JSON.stringify(answer.body)}`);
            return;
          }
          const created = answer.body as { id?: number; data?: { id: number } };
          acknowledged.push({ kind, owner, id: created.data?.id ?? created.id!, marker });
          if (acknowledged.length === KILL_AFTER) {
            first.signal('SIGKILL');
            outstandingAtKill = outstanding - 1;
          }
        } catch {
          // The connection died with the server: this write may or may not have been kept.
          return;
        } finally {
          outstanding -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

    expect(refused).toEqual([]);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(outstandingAtKill).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The killed process never closed the database, so its last commits live only in the WAL.
    const walBytes = data.sqliteFile ? fs.statSync(`${data.sqliteFile}-wal`).size : undefined;
    if (data.sqliteFile) expect(walBytes).toBeGreaterThan(0);

    const second = await start();
    const health = await call(second.url, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', database: TEST_ENGINE } });

    const missing: Write[] = [];
    let stored = 0;
    for (const [owner, user] of users.entries()) {
      for (const kind of KINDS) {
        const rows = await readBack(second.url, user, kind);
        stored += rows.size;
        for (const write of acknowledged) {
          if (write.owner !== owner || write.kind !== kind) continue;
          if (rows.get(write.id) !== write.marker) missing.push(write);
        }
      }
    }
    expect(missing).toEqual([]);
    // Writes still on the wire at the kill may or may not have been kept, but none was invented.
    expect(stored).toBeLessThanOrEqual(KILL_AFTER + outstandingAtKill);

    second.signal('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    if (data.sqliteFile) {
      expect(await data.query('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(await data.query('pragma foreign_key_check')).toEqual([]);
    }

    await annotate(
      `SIGKILL after ${KILL_AFTER} acknowledged writes with ${outstandingAtKill} more in flight; ` +
        `${acknowledged.length} acknowledged in all, every one found after the restart ` +
        `(${stored} rows stored)` +
        (walBytes === undefined ? '' : `; the kill left a ${walBytes}-byte WAL`),
    );
  }, 60_000);
});
