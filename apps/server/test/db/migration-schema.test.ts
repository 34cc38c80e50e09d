import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/db/migrate.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../support/test-app.js';

/*
 * Migrations are frozen once shipped (README, Data): an install made today must end with the
 * schema that earlier installs ended with. This test builds a database by every migration from
 * empty and compares its schema with the dump kept in test/support/fixtures/schema.<engine>.json, built
 * the same way when the last migration was added. A change to an old migration changes the
 * schema and fails here.
 *
 * Whoever adds a migration regenerates both dumps, on purpose, and commits them with it:
 *
 *   SCHEMA_DUMP_WRITE=1 \
 *     npx vitest run --project server-sqlite apps/server/test/db/migration-schema.test.ts
 *   SCHEMA_DUMP_WRITE=1 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx vitest run --project server-postgres apps/server/test/db/migration-schema.test.ts
 */

const FIXTURE = path.join(
  import.meta.dirname,
  '..',
  'support',
  'fixtures',
  `schema.${TEST_ENGINE}.json`,
);
/** '1' writes the dump through every migration; a migration's name, only through that one. */
const WRITE = process.env.SCHEMA_DUMP_WRITE;
const REGENERATE =
  'whoever adds a migration regenerates both dumps (schema.sqlite.json, schema.postgres.json) with SCHEMA_DUMP_WRITE=1, as apps/server/test/db/migration-schema.test.ts shows, and commits them with it';

type Dump = { migrations: string[]; schema: Record<string, unknown[]> };

type Row = Record<string, unknown>;

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql>) =>
  (await query.execute(db)).rows as Row[];

/** SQLite: every object's stored SQL, and each table's columns as SQLite reads them. */
async function sqliteSchema(db: Kysely<unknown>): Promise<Dump['schema']> {
  const objects = await rows(
    db,
    sql`select type, name, tbl_name, sql from sqlite_master
        where name not like 'sqlite_%' and tbl_name not like 'kysely_migration%'
        order by type, name`,
  );
  const columns: Row[] = [];
  for (const { name } of objects.filter((o) => o.type === 'table')) {
    for (const column of await rows(db, sql`select * from pragma_table_xinfo(${name})`)) {
      columns.push({ table: name, ...column });
    }
  }
  return { objects, columns };
}

/** PostgreSQL: the catalogue's columns, constraints, indexes, triggers and functions of the schema. */
async function postgresSchema(db: Kysely<unknown>, schema: string): Promise<Dump['schema']> {
  const dump = {
    columns: await rows(
      db,
      sql`select table_name, column_name, ordinal_position, data_type, udt_name,
            character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default,
            is_identity, identity_generation, is_generated, generation_expression
          from information_schema.columns
          where table_schema = ${schema} and table_name not like 'kysely_migration%'
          order by table_name, ordinal_position`,
    ),
    constraints: await rows(
      db,
      sql`select t.relname as table_name, c.conname as name, c.contype as type,
            pg_get_constraintdef(c.oid) as definition
          from pg_constraint c join pg_class t on t.oid = c.conrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = ${schema} and t.relname not like 'kysely_migration%'
          order by t.relname, c.conname`,
    ),
    indexes: await rows(
      db,
      sql`select tablename as table_name, indexname as name, indexdef as definition
          from pg_indexes
          where schemaname = ${schema} and tablename not like 'kysely_migration%'
          order by tablename, indexname`,
    ),
    triggers: await rows(
      db,
      sql`select c.relname as table_name, t.tgname as name, pg_get_triggerdef(t.oid) as definition
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and not t.tgisinternal
          order by c.relname, t.tgname`,
    ),
    functions: await rows(
      db,
      sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = ${schema}
          order by p.proname`,
    ),
  };
  // Each test file has a schema of its own, named at random: the dump names it <schema>.
  return JSON.parse(JSON.stringify(dump).replaceAll(schema, '<schema>')) as Dump['schema'];
}

async function schemaOf(database: TestDatabase) {
  const db = database.db.kysely as Kysely<unknown>;
  return TEST_ENGINE === 'postgres' ? postgresSchema(db, database.schema!) : sqliteSchema(db);
}

describe(`the schema every migration builds on ${TEST_ENGINE}`, () => {
  const kept: Dump | undefined = fs.existsSync(FIXTURE)
    ? (JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Dump)
    : undefined;
  let database: TestDatabase;
  beforeAll(async () => {
    // Built through the migrations the kept dump covers, so that an edit to one of them is found
    // even while a new migration waits for its dump.
    const upTo = WRITE ? MIGRATION_NAMES.find((name) => name === WRITE) : kept?.migrations.at(-1);
    database = await createTestDatabase({ upTo });
  });
  afterAll(() => database.drop());

  it.runIf(WRITE !== undefined)('is written to the kept dump (SCHEMA_DUMP_WRITE=1)', async () => {
    const last = MIGRATION_NAMES.includes(WRITE!) ? MIGRATION_NAMES.indexOf(WRITE!) : Infinity;
    const migrations = MIGRATION_NAMES.slice(0, last + 1);
    const dump: Dump = { migrations, schema: await schemaOf(database) };
    fs.mkdirSync(path.dirname(FIXTURE), { recursive: true });
    fs.writeFileSync(FIXTURE, `${JSON.stringify(dump, null, 2)}\n`);
  });

  it.skipIf(WRITE !== undefined)(
    'is the schema kept in the repository: old migrations are unchanged',
    async () => {
      expect(kept, `${FIXTURE} is missing: ${REGENERATE}`).toBeDefined();
      const schema = await schemaOf(database);
      expect(
        schema,
        `Migrations ${kept!.migrations[0]} to ${kept!.migrations.at(-1)} no longer build the schema kept in ${FIXTURE}. ` +
          'A shipped migration is frozen: put the change in a new migration instead. ' +
          `If that is what changed (a new migration built on top), ${REGENERATE}.`,
      ).toEqual(kept!.schema);
    },
  );

  it.skipIf(WRITE !== undefined)('covers every migration', () => {
    expect(
      MIGRATION_NAMES,
      `A migration was added since ${FIXTURE} was made: ${REGENERATE}.`,
    ).toEqual(kept?.migrations);
  });
});
