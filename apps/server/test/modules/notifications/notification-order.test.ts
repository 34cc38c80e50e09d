import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database.js';
import { listIncomeJson } from '../../../src/modules/income/income.repository.js';
import {
  listBellFor,
  listNotificationsFor,
} from '../../../src/modules/notifications/notifications.repository.js';
import { signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

type Item = { id: number; kind: string; title: string };

/*
 * The notification lists are read newest first, ties by id and, in the bell, by kind after it:
 * an order each kind's index gives already (migration 0023), so no read sorts the rows again.
 */
describe('the order of the notification lists', () => {
  let t: TestApp;
  let alice: { id: number; token: string };

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const MOMENT = '2026-11-20T03:00:00.000Z';
  const EARLIER = '2026-11-20T02:59:59.000Z';

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signInUser(t.app);
    // Broadcasts 501 and 503 and the user's own 502 and 503 at one moment (each kind's ids are
    // its own, so 503 is both), one of each a second before.
    await t.db.kysely
      .insertInto('notifications')
      .values(
        [
          [500, EARLIER],
          [501, MOMENT],
          [503, MOMENT],
        ].map(([id, at]) => ({
          id: id as number,
          title: `Broadcast ${id}`,
          message: 'Hi',
          created_by: null,
          created_at: at as string,
          updated_at: at as string,
        })),
      )
      .execute();
    await t.db.kysely
      .insertInto('user_notifications')
      .values(
        [
          [504, EARLIER],
          [502, MOMENT],
          [503, MOMENT],
        ].map(([id, at]) => ({
          id: id as number,
          user_id: alice.id,
          title: `Personal ${id}`,
          message: 'On chain.',
          chain_transfer_id: null,
          created_at: at as string,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const page = async (path: string) => {
    const res = await call('GET', path, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Item[]>();
  };
  /** An item of the bell by what makes it one: its kind and id. */
  const keyOf = (item: Item) => `${item.kind} ${item.id}`;

  it('lists the bell newest first, ties by id, then by kind', async () => {
    expect((await page('/api/notifications')).map((item) => item.title)).toEqual([
      'Personal 503',
      'Broadcast 503',
      'Personal 502',
      'Broadcast 501',
      'Personal 504',
      'Broadcast 500',
    ]);
    expect((await page('/api/admin-notifications')).map((item) => item.title)).toEqual([
      'Broadcast 503',
      'Broadcast 501',
      'Broadcast 500',
    ]);
  });

  it('pages the bell in that order, every item once', async () => {
    const whole = (await page('/api/notifications')).map(keyOf);
    /** The bell read `size` items a page, to one page past its end. */
    const pagedBy = async (size: number) => {
      const items: string[] = [];
      for (let offset = 0; offset <= whole.length; offset += size) {
        items.push(...(await page(`/api/notifications?limit=${size}&offset=${offset}`)).map(keyOf));
      }
      return items;
    };
    expect(await pagedBy(1)).toEqual(whole);
    expect(await pagedBy(2)).toEqual(whole);
  });

  // The plan is SQLite's; PostgreSQL chooses by its statistics, and sorts a table this small.
  it.runIf(TEST_ENGINE === 'sqlite')(
    'reads the notifications, the bell and the pending income count without sorting their rows',
    async () => {
      const readNow = t.db.readNow;
      if (!readNow) throw new Error('SQLite reads at once');
      const read: CompiledQuery[] = [];
      const db: Db = {
        ...t.db,
        readNow: (queries, firstColumn) => {
          read.push(...queries);
          return readNow(queries, firstColumn);
        },
      };
      await listBellFor(db, alice.id);
      await listNotificationsFor(db, alice.id);
      await listIncomeJson(db, alice.id, 'pixels');
      // Each page's items and its total.
      expect(read).toHaveLength(6);
      const plans = await Promise.all(read.map(explain));
      const steps = plans.flat();
      expect(steps.some((step) => /notifications_created_idx/.test(step))).toBe(true);
      expect(steps.some((step) => /user_notifications_user_created_idx/.test(step))).toBe(true);
      expect(steps.some((step) => /income_records_pending_idx/.test(step))).toBe(true);
      // Not even for the order of the items: they are read in the order of the lists' indexes.
      expect(steps.filter((step) => /TEMP B-TREE/.test(step))).toEqual([]);
    },
  );

  /** SQLite's plan of a statement with bound values. */
  async function explain(query: CompiledQuery) {
    const result = await t.db.kysely.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    return result.rows.map((row) => row.detail);
  }
});
