import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/db/migrate.js';
import { createUser } from '../../../src/modules/users/users.repository.js';
import { listIncome, listIncomeJson } from '../../../src/modules/income/income.repository.js';
import { linksList } from '../../../src/modules/links/links.repository.js';
import {
  listBellFor,
  listNotificationsFor,
  markPersonalRead,
  markRead,
  updateNotification,
} from '../../../src/modules/notifications/notifications.repository.js';
import { walletsList } from '../../../src/modules/wallets/wallets.repository.js';
import { ZLink } from '@nexusplay/contract/links';
import { ZBellNotification, ZNotification } from '@nexusplay/contract/notifications';
import { ZWallet } from '@nexusplay/contract/wallets';
import { JsonItems } from '../../../src/lib/json-items.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-app.js';

const STORED_ITEMS = MIGRATION_NAMES.find((name) => name.startsWith('0024-'))!;
const BEFORE = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(STORED_ITEMS) - 1]!;
const TIME = '2026-11-20T10:00:00.123Z';

/** The JSON items of a first page, parsed, each with its keys in the order sent. */
function parsed(items: unknown) {
  expect(items).toBeInstanceOf(JsonItems);
  const list = JSON.parse((items as JsonItems).text) as Record<string, unknown>[];
  return { list, keys: list.map((item) => Object.keys(item)) };
}

describe(`migration ${STORED_ITEMS} on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: BEFORE });
    const user = await createUser(database.db.kysely, {
      email: 'keeper@example.com',
      username: 'keeper',
      passwordHash: 'x',
      role: 'user',
    });
    userId = user.id;
    // Rows as the version before it wrote them, text that JSON must escape among them.
    const db = database.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const owned = { user_id: userId, created_at: TIME, updated_at: TIME };
    await db
      .insertInto('wallets')
      .values([
        {
          ...owned,
          wallet_name: 'Quote " and \\ back',
          address: `0x${'ab'.repeat(20)}`,
          address_prefix: '0x',
          category: null,
        },
        {
          ...owned,
          wallet_name: 'Ünïcode 🎮 farm',
          address: `0x${'cd'.repeat(20)}`,
          address_prefix: 'ronin:',
          category: 'Tab\there',
        },
      ])
      .execute();
    await db
      .insertInto('links')
      .values({
        ...owned,
        title: 'Line\nbreak',
        url: 'https://example.com/?a=1&b="2"',
        category: '',
      })
      .execute();
    await db
      .insertInto('income_records')
      .values([
        {
          ...owned,
          token: 'pixels',
          amount: 12.5,
          expense: 2,
          expense_type: 'usd',
          expense_description: 'Energy "boost"',
          date: '2026-11-19',
          price_usd: 0.25,
          usd_idr: 16_250,
          usd_idr_date: '2026-11-19',
          converted_expense: '8 Pixels ($2.00)',
          net_income: 1.125,
        },
        {
          ...owned,
          token: 'pixels',
          amount: 3,
          expense: 0,
          expense_type: 'pixels',
          expense_description: '',
          date: '2026-11-20',
          price_usd: null,
          usd_idr: null,
          usd_idr_date: null,
          converted_expense: '0 Pixels (price pending)',
          net_income: null,
        },
      ])
      .execute();
    const notice = { created_at: TIME, message: 'Servers restart at "1:00" UTC.\nBack soon' };
    await db
      .insertInto('notifications')
      .values([
        { ...notice, title: 'Maintenance', updated_at: TIME },
        {
          ...notice,
          title: 'Ünïcode 🎮 news',
          created_at: '2026-11-21T08:00:00.000Z',
          updated_at: TIME,
        },
      ])
      .execute();
    await db
      .insertInto('user_notifications')
      .values({ ...notice, user_id: userId, title: 'A transfer \\ arrived', mail_pending: 0 })
      .execute();
    await migrateToLatest(db as Kysely<unknown>, database.db.engine, database.schema);
  });
  afterAll(() => database.drop());

  it.each([
    ['wallets', walletsList, Object.keys(ZWallet.shape)],
    ['links', linksList, Object.keys(ZLink.shape)],
  ] as const)(
    'keeps each %s row stored before it as the item the API writes',
    async (_, list, fields) => {
      const expected = await list.after(database.db.kysely, userId, 0, 100);
      const { items, total } = await list.list(database.db, userId, { limit: 10, offset: 0 });
      const { list: sent, keys } = parsed(items);
      expect(total).toBe(expected.length);
      expect(sent).toEqual(expected);
      // In the order of the answer's schema, as the compiled serialiser writes an item.
      expect(keys).toEqual(expected.map(() => fields));
    },
  );

  it('keeps each income record stored before it as the record the API writes', async () => {
    const expected = await listIncome(database.db.kysely, userId, 'pixels');
    const { items, pending } = await listIncomeJson(database.db, userId, 'pixels');
    const { list: sent, keys } = parsed(items);
    expect(pending).toBe(1);
    expect(sent).toEqual(expected);
    expect(keys).toEqual(expected.map((item) => Object.keys(item)));
  });

  it("keeps each notification stored before it in two parts around the reader's read state", async () => {
    const [first] = parsed((await listNotificationsFor(database.db, userId)).items).list;
    await markRead(database.db.kysely, userId, [Number(first?.id)]);
    await markPersonalRead(database.db.kysely, userId, 'all');
    await updateNotification(database.db.kysely, Number(first?.id), {
      title: 'Maintenance, "moved"',
      message: 'Tab\there',
    });
    const broadcasts = parsed((await listNotificationsFor(database.db, userId)).items);
    expect(broadcasts.list).toEqual([
      {
        id: first?.id,
        title: 'Maintenance, "moved"',
        message: 'Tab\there',
        read: true,
        created_at: '2026-11-21T08:00:00.000Z',
      },
      {
        id: expect.any(Number),
        title: 'Maintenance',
        message: 'Servers restart at "1:00" UTC.\nBack soon',
        read: false,
        created_at: TIME,
      },
    ]);
    expect(broadcasts.keys).toEqual([0, 1].map(() => Object.keys(ZNotification.shape)));
    const bell = parsed((await listBellFor(database.db, userId)).items);
    expect(bell.list.map(({ title, read, kind }) => ({ title, read, kind }))).toEqual([
      { title: 'Maintenance, "moved"', read: true, kind: 'broadcast' },
      // At the same time and with the same id, the personal one first (by kind, descending).
      { title: 'A transfer \\ arrived', read: true, kind: 'personal' },
      { title: 'Maintenance', read: false, kind: 'broadcast' },
    ]);
    expect(bell.keys).toEqual([0, 1, 2].map(() => Object.keys(ZBellNotification.shape)));
  });

  it('writes the item again when a column it shows changes, and only then bumps the version', async () => {
    const db = database.db.kysely;
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('list_versions')
            .select('version')
            .where('list', '=', 'income_records')
            .where('user_id', '=', userId)
            .executeTakeFirst()
        )?.version ?? 0,
      );
    const before = await version();
    // As the valuation does once the day's price is known.
    await db
      .updateTable('income_records')
      .set({ price_usd: 0.5, usd_idr: 16_000, usd_idr_date: '2026-11-20', net_income: 1.5 })
      .where('user_id', '=', userId)
      .where('price_usd', 'is', null)
      .execute();
    // One write, one version: storing the item does not count as another.
    expect(await version()).toBe(before + 1);
    const expected = await listIncome(db, userId, 'pixels');
    const { items, pending } = await listIncomeJson(database.db, userId, 'pixels');
    expect(pending).toBe(0);
    expect(parsed(items).list).toEqual(expected);
    const stored = await sql<{
      n: number;
    }>`select count(*) as n from income_records where item_json is null`.execute(db);
    expect(Number(stored.rows[0]?.n)).toBe(0);
  });
});
