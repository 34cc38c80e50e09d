import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.js';
import * as m0001 from '../../../src/db/migrations/0001-users.js';
import * as m0002 from '../../../src/db/migrations/0002-content.js';
import * as m0003 from '../../../src/db/migrations/0003-search-indexes.js';
import * as m0004 from '../../../src/db/migrations/0004-notifications-and-visits.js';
import * as m0005 from '../../../src/db/migrations/0005-wallets-and-links.js';
import * as m0006 from '../../../src/db/migrations/0006-gateway-and-income.js';
import * as m0007 from '../../../src/db/migrations/0007-catalogue-scale.js';
import type { Engine } from '../../../src/db/schema.js';
import { createUser, type NewUser } from '../../../src/modules/users/users.repository.js';
import { runStatement } from '../../../../../harness/scratch-database.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';
import { newIdentity, signInAdmin } from '../../support/accounts.js';
import { apiCall } from '../../support/content.js';

const BEFORE_0008 = { m0001, m0002, m0003, m0004, m0005, m0006, m0007 };
const NAMES = [
  '0001-users',
  '0002-content',
  '0003-search-indexes',
  '0004-notifications-and-visits',
  '0005-wallets-and-links',
  '0006-gateway-and-income',
  '0007-catalogue-scale',
];

/** A database of this engine with the schema as it was before migration 0008. */
async function databaseBefore0008(engine: Engine) {
  let db: Kysely<unknown>;
  let schema: string | undefined;
  let drop: () => Promise<void>;
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    schema = `test_${randomBytes(6).toString('hex')}`;
    await runStatement(url, `create schema ${schema}`);
    db = new Kysely({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` }),
      }),
    });
    const name = schema;
    drop = async () => {
      await db.destroy();
      await runStatement(url, `drop schema ${name} cascade`);
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-0008-'));
    db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(path.join(dir, 'db')) }) });
    drop = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const modules = Object.values(BEFORE_0008);
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          NAMES.map((name, i) => [name, { up: (k: Kysely<unknown>) => modules[i]!.up(k, engine) }]),
        ),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return { db, schema, drop };
}

const insertLegacy = (db: Kysely<unknown>, username: string) =>
  sql`insert into users (username, email, password_hash, role, created_at)
      values (${username}, ${`${randomBytes(4).toString('hex')}@example.com`}, 'x', 'user',
              ${new Date().toISOString()})`.execute(db);

describe(`migration 0008 (username keys) on ${TEST_ENGINE}`, () => {
  it('gives every existing account a key, keeps look-alikes apart, and enforces the key', async () => {
    const legacy = await databaseBefore0008(TEST_ENGINE);
    try {
      for (const name of ['admin', 'ａｄｍｉｎ', 'Straße', 'STRASSE', 'plain']) {
        await insertLegacy(legacy.db, name);
      }
      expect(await migrateToLatest(legacy.db, TEST_ENGINE, legacy.schema)).toContain(
        '0008-username-keys',
      );
      const { rows } = await sql<{
        username: string;
        username_key: string;
      }>`select username, username_key from users order by id`.execute(legacy.db);
      expect(rows).toEqual([
        { username: 'admin', username_key: 'admin' },
        { username: 'ａｄｍｉｎ', username_key: 'admin#2' },
        { username: 'Straße', username_key: 'strasse' },
        { username: 'STRASSE', username_key: 'strasse#4' },
        { username: 'plain', username_key: 'plain' },
      ]);
      // The database refuses a second account under a taken key, and an account without one.
      await expect(
        sql`insert into users (username, username_key, email, password_hash, role, created_at)
            values ('Plain', 'plain', 'p@example.com', 'x', 'user', '2026-01-01T00:00:00.000Z')`.execute(
          legacy.db,
        ),
      ).rejects.toThrow();
      await expect(insertLegacy(legacy.db, 'nokey')).rejects.toThrow();
    } finally {
      await legacy.drop();
    }
  });
});

describe(`username look-alikes in Manage Users on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAdmin(t)).token;
  });
  afterAll(() => t.close());

  const create = (username: string) =>
    apiCall(t.app, 'POST', '/api/users', admin, {
      username,
      email: `${randomBytes(4).toString('hex')}@example.com`,
      role: 'user',
    });

  it('refuses to create an account whose name is a look-alike of a taken one', async () => {
    expect((await create('Gamer')).statusCode).toBe(201);
    const res = await create('ＧＡＭＥＲ');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ username: 'This username is already taken.' });
  });

  it('refuses to rename an account to a look-alike of another, not of itself', async () => {
    expect((await create('Taken_one')).statusCode).toBe(201);
    const mine = (await create('Mine_one')).json().user;
    const edit = (username: string) =>
      apiCall(t.app, 'PUT', `/api/users/${mine.id}`, admin, {
        username,
        email: mine.email,
        role: 'user',
      });
    const clash = await edit('ｔａｋｅｎ_ｏｎｅ');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ username: 'This username is already taken.' });
    const self = await edit('ＭＩＮＥ_one');
    expect(self.statusCode).toBe(200);
    expect(self.json().username).toBe('ＭＩＮＥ_one');
  });

  it('refuses a look-alike in the database itself, whatever the checks before it', async () => {
    expect((await create('Racer')).statusCode).toBe(201);
    const lookAlike = { ...newIdentity(), username: 'ｒａｃｅｒ', passwordHash: 'x', role: 'user' };
    await expect(createUser(t.db.kysely, lookAlike as NewUser)).rejects.toThrow();
  });
});
