import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/db/migrate.js';
import { createUser } from '../../../src/modules/users/users.repository.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-app.js';

const VALUED_BY_DAY = MIGRATION_NAMES.find((name) => name.startsWith('0010-'))!;
const BEFORE = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(VALUED_BY_DAY) - 1]!;

describe(`migration ${VALUED_BY_DAY} on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: BEFORE });
  });
  afterAll(() => database.drop());

  it('marks the records stored with the fallback price (0) or rate (15,000) as pending', async () => {
    const db = database.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const user = await createUser(database.db.kysely, {
      email: 'saver@example.com',
      username: 'saver',
      passwordHash: 'x',
      role: 'user',
    });
    const row = (values: Record<string, unknown>) => ({
      user_id: user.id,
      token: 'axs',
      amount: 10,
      expense: 5,
      expense_type: 'usd',
      expense_description: '',
      date: '2025-03-15',
      created_at: '2025-03-15T10:00:00.000Z',
      updated_at: '2025-03-15T10:00:00.000Z',
      ...values,
    });
    await db
      .insertInto('income_records')
      .values([
        // Saved while both services were down: the fallbacks, for ever.
        row({ price_usd: 0, usd_idr: 15_000, converted_expense: '0 AXS ($5.00)', net_income: -5 }),
        // A token expense saved while only the price was down.
        row({
          expense: 3,
          expense_type: 'axs',
          price_usd: 0,
          usd_idr: 16_200,
          converted_expense: '3 AXS ($0.00)',
          net_income: 0,
        }),
        // A good record whose rate alone was the fallback.
        row({
          price_usd: 2.5,
          usd_idr: 15_000,
          converted_expense: '2 AXS ($5.00)',
          net_income: 20,
        }),
        row({
          price_usd: 2.5,
          usd_idr: 16_200,
          converted_expense: '2 AXS ($5.00)',
          net_income: 20,
        }),
      ])
      .execute();

    await migrateToLatest(
      database.db.kysely as Kysely<unknown>,
      database.db.engine,
      database.schema,
    );

    const rows = await database.db.kysely
      .selectFrom('income_records')
      .select([
        'price_usd',
        'usd_idr',
        'usd_idr_date',
        'net_income',
        'converted_expense',
        'expense',
      ])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        price_usd: null,
        usd_idr: null,
        usd_idr_date: null,
        net_income: null,
        converted_expense: '$5.00 in AXS (price pending)',
        expense: 5,
      },
      {
        price_usd: null,
        usd_idr: 16_200,
        usd_idr_date: '2025-03-15',
        net_income: null,
        converted_expense: '3 AXS (price pending)',
        expense: 3,
      },
      {
        price_usd: 2.5,
        usd_idr: null,
        usd_idr_date: null,
        net_income: 20,
        converted_expense: '2 AXS ($5.00)',
        expense: 5,
      },
      {
        price_usd: 2.5,
        usd_idr: 16_200,
        usd_idr_date: '2025-03-15',
        net_income: 20,
        converted_expense: '2 AXS ($5.00)',
        expense: 5,
      },
    ]);
    // The columns that may now be empty are so on either engine, and the table keeps its index.
    const indexes =
      TEST_ENGINE === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'income_records' and schemaname = ${database.schema}`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'income_records'`.execute(db);
    // (Migration 0014 replaced the owner index with one that also holds the id.)
    expect(indexes.rows.map((r) => r.name)).toContain('income_records_owner_date_id_idx');
  });
});
