import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, QueryExecutor } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../../harness/fake-upstream.js';
import { placeTokens, startRoninNode, type RoninTestNode } from '../../../../harness/ronin-node.js';
import type { Db } from '../../src/db/database.js';
import { tellUsers } from '../../src/modules/notifications/notifications.service.js';
import { createAdmin } from '../../src/modules/users/first-admin.js';
import { loginToken, newIdentity, registerUser } from '../support/accounts.js';
import { apiCall, type CallArgs } from '../support/content.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The SQL of every statement run within `statements.run(log, ...)`, in order. */
const statements = new AsyncLocalStorage<string[]>();

/**
 * Logs each statement the app runs on `db` to the current `statements` log: those Kysely runs
 * (the connection its executor hands out, transactions included) and those SQLite answers at
 * once (Db.readNow). What other work (the background jobs) runs meanwhile is not in the log.
 */
function logStatements(db: Db) {
  const executor: QueryExecutor = db.kysely.getExecutor();
  const provide = executor.provideConnection.bind(executor);
  const logged = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: (query) => {
      statements.getStore()?.push(query.sql);
      return connection.executeQuery(query);
    },
    streamQuery: (query, chunkSize) => {
      statements.getStore()?.push(query.sql);
      return connection.streamQuery(query, chunkSize);
    },
  });
  executor.provideConnection = (consumer) => provide((connection) => consumer(logged(connection)));
  const { readNow } = db;
  if (readNow) {
    db.readNow = (queries, firstColumn) => {
      for (const query of queries) statements.getStore()?.push(query.sql);
      return readNow(queries, firstColumn);
    };
  }
}

/** A name, quoted or not, that is not the first part of a column's ("w"."id"). */
const NAME = String.raw`(?:"\w+"|\w+\b)(?!\s*\.)`;
/** The names after FROM or JOIN, with any more after commas ("from a x, b"). */
const SOURCES = new RegExp(
  String.raw`\b(delete\s+)?(?:from|join)\s+((?:${NAME}(?:\s+(?:as\s+)?${NAME})?\s*,\s*)*${NAME})`,
  'gi',
);

/** The tables of `known` a statement reads from (a DELETE's own table is not read). */
function tablesRead(sql: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const [, deleted, list] of sql.matchAll(SOURCES)) {
    if (deleted || !list) continue;
    for (const item of list.split(',')) {
      const name = item.trim().split(/\s+/)[0]?.replaceAll('"', '');
      if (name && known.has(name)) found.add(name);
    }
  }
  return [...found];
}

/** The cache's own read of the versions (db/list-versions.repository.ts). */
const VERSIONS_TABLE = 'list_versions';

/**
 * Every kept answer's route (app.keptAnswerRoutes) reads only tables its declaration names: a
 * table read but not named would let a write to it go unseen, and the kept answer stale.
 *
 * Each route is run once, as a miss, for a user with rows in every list, and the tables each
 * statement reads are taken from its SQL. What is left out, and why:
 * - the statements before the cache's read of the versions: the access check's (users, with
 *   revoked_tokens, and session_ends), which runs before any kept answer is sent, so a signed-out
 *   or deleted user is refused whatever is kept;
 * - that read itself (list_versions): what the kept answer is checked against.
 */
describe('what kept answers are read from', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  let t: TestApp;
  let token: string;
  let known: ReadonlySet<string>;

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const created = async (...args: CallArgs) => {
    const res = await call(...args);
    expect(res.statusCode, `${args[0]} ${args[1]}: ${res.body}`).toBe(201);
    return res;
  };

  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode(), startFakeUpstream()]);
    await placeTokens(node);
    t = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
      },
    });
    known = new Set((await t.db.kysely.introspection.getTables()).map((table) => table.name));
    logStatements(t.db);

    const user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
    const adminIdentity = newIdentity('admin');
    await createAdmin(t.db.kysely, adminIdentity);
    const admin = await loginToken(t.app, adminIdentity.email, adminIdentity.password);

    // Rows in every list the user reads, so each route runs the statements it runs for them.
    await created('POST', '/api/wallets', token, {
      wallet_name: 'Main',
      wallet_address: `0x${'ab'.repeat(20)}`,
    });
    await created('POST', '/api/links', token, { title: 'Docs', url: 'https://example.com/docs' });
    await created('POST', '/api/income-axie', token, { axs: 10, expense: 1, expense_type: 'usd' });
    await created('POST', '/api/income-pixels', token, {
      pixels: 100,
      expense: 1,
      expense_type: 'usd',
    });
    const notice = await created('POST', '/api/admin-notifications', admin, {
      title: 'Maintenance',
      message: 'Tonight at 22:00.',
    });
    await created('POST', '/api/admin-notifications', admin, { title: 'Later', message: 'Soon.' });
    await tellUsers(t.db.kysely, [
      {
        user_id: user.id,
        title: 'New PIXEL income: 120 PIXEL in Farm wallet',
        message: 'On chain.',
        chain_transfer_id: null,
        created_at: new Date().toISOString(),
      },
    ]);
    const read = await call('POST', '/api/admin-notifications/read', token, {
      ids: [notice.json<{ notification: { id: number } }>().notification.id],
    });
    expect(read.statusCode, read.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([node?.close(), upstream?.close()]);
  });

  it('finds the kept routes in the app’s one list of them', () => {
    const urls = t.app.keptAnswerRoutes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/wallets', '/api/admin-notifications', '/api/notifications']),
    );
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('reads, on every kept route, only tables its declaration names', async () => {
    const undeclared: string[] = [];
    for (const { url, tables } of t.app.keptAnswerRoutes) {
      expect(url, 'a kept route with parameters needs values here').not.toMatch(/[:*]/);
      const log: string[] = [];
      const keptBefore = t.app.personalAnswers.size;
      // Awaited inside the run: an inject is dispatched when awaited, within the log's scope.
      const res = await statements.run(log, async () => await call('GET', url, token));
      expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
      // An answer not kept may read anything; this one must be kept for the check to mean anything.
      expect(t.app.personalAnswers.size, `GET ${url}: its answer was not kept`).toBe(
        keptBefore + 1,
      );
      const versionsRead = log.findIndex((sql) => tablesRead(sql, known).includes(VERSIONS_TABLE));
      expect(versionsRead, `GET ${url} read no versions: was it answered from memory?`).not.toBe(
        -1,
      );
      const read = new Set(log.slice(versionsRead + 1).flatMap((sql) => tablesRead(sql, known)));
      expect(read.size, `GET ${url} read no table after its versions`).toBeGreaterThan(0);
      const declared = new Set<string>([
        ...tables.own,
        ...(tables.shared ?? []),
        ...(tables.derived ?? []),
        ...(tables.gatewayFigures ?? []),
      ]);
      const missing = [...read].filter((table) => !declared.has(table)).sort();
      if (missing.length) undeclared.push(`GET ${url} reads ${missing.join(', ')}`);
    }
    expect(undeclared, 'tables read but not named by keptAnswers').toEqual([]);
  });

  it('tells the tables of a statement', () => {
    const tables = new Set(['wallets', 'wallet_balances', 'users', 'links']);
    expect(
      tablesRead(
        'select * from "wallets" as "w" inner join "wallet_balances" on "w"."id" = 1 ' +
          'where exists (select 1 from users u, links where extract(epoch from "w"."at") > 0)',
        tables,
      ).sort(),
    ).toEqual(['links', 'users', 'wallet_balances', 'wallets']);
    expect(
      tablesRead('delete from "links" where "id" in (select "id" from "wallets")', tables),
    ).toEqual(['wallets']);
  });
});
