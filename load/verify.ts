import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/database.js';
import { difference, type Ledger } from './ledger.js';

type Row = Record<string, unknown>;

export type TableCheck = {
  table: string;
  /** Rows found as expected. */
  verified: number;
  /** What is wrong, one line per row; empty when the table holds exactly the expected rows. */
  problems: string[];
};

/** Compares a table with the rows expected in it: none missing, none extra, none different. */
function compareTable(
  table: string,
  expected: Map<string, Row>,
  rows: Row[],
  keyOf: (row: Row) => string,
): TableCheck {
  const problems: string[] = [];
  let verified = 0;
  const found = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row);
    found.add(key);
    const want = expected.get(key);
    if (!want) {
      problems.push(`${table} ${key}: in the database but never acknowledged (or deleted)`);
      continue;
    }
    const problem = difference(row, want);
    if (problem) problems.push(`${table} ${key}: ${problem}`);
    else verified += 1;
  }
  for (const key of expected.keys()) {
    if (!found.has(key)) problems.push(`${table} ${key}: acknowledged but missing`);
  }
  return { table, verified, problems };
}

const byId = (rows: Iterable<{ id: number }>) =>
  new Map([...rows].map((row) => [String(row.id), row as Row]));
const idOf = (row: Row) => String(row.id);

/**
 * Reads every table the load wrote, straight from the database after the server has stopped,
 * and compares it with the acknowledged writes.
 */
export async function verifyDatabase(options: DatabaseOptions, ledger: Ledger) {
  const db = await openDatabase(options);
  try {
    const k = db.kysely;
    const readMarks = [...ledger.expectedReads()].map((key) => {
      const [user_id, notification_id] = key.split(':').map(Number);
      return [key, { user_id, notification_id }] as [string, Row];
    });
    return [
      compareTable(
        'users',
        byId(ledger.users.live.values()),
        await k.selectFrom('users').select(['id', 'username', 'email', 'role']).execute(),
        idOf,
      ),
      compareTable(
        'wallets',
        byId(ledger.wallets.live.values()),
        await k
          .selectFrom('wallets')
          .select(['id', 'user_id', 'wallet_name', 'address', 'address_prefix', 'category'])
          .execute(),
        idOf,
      ),
      compareTable(
        'links',
        byId(ledger.links.live.values()),
        await k.selectFrom('links').select(['id', 'user_id', 'title', 'url', 'category']).execute(),
        idOf,
      ),
      compareTable(
        'income_records',
        byId(ledger.income.live.values()),
        await k
          .selectFrom('income_records')
          .select([
            'id',
            'user_id',
            'token',
            'amount',
            'expense',
            'expense_type',
            'expense_description',
            'date',
            'price_usd',
            'usd_idr',
            'usd_idr_date',
            'converted_expense',
            'net_income',
          ])
          .execute(),
        idOf,
      ),
      compareTable(
        'tools',
        byId(ledger.tools.live.values()),
        await k.selectFrom('tools').select(['id', 'name', 'icon', 'description', 'link']).execute(),
        idOf,
      ),
      compareTable(
        'notifications',
        byId(ledger.notifications.live.values()),
        await k
          .selectFrom('notifications')
          .select(['id', 'title', 'message', 'created_by'])
          .execute(),
        idOf,
      ),
      compareTable(
        'notification_reads',
        new Map(readMarks),
        await k.selectFrom('notification_reads').select(['user_id', 'notification_id']).execute(),
        (row) => `${String(row.user_id)}:${String(row.notification_id)}`,
      ),
    ];
  } finally {
    await db.close();
  }
}
