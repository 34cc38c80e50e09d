import { sql, type Kysely } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TWallet, TWalletFields } from '@nexusplay/contract/wallets';
import { nowTimestamp } from '../../db/codecs.js';
import { compiledPageWithTotal, pageWithTotal } from '../../db/paged-list.js';
import {
  personalListTotal,
  searchCandidates,
  searchPostgres,
  searchTextContains,
} from '../../db/personal-search.js';
import type { Database, Engine } from '../../db/schema.js';
import { containsInsensitive, SEARCH_COUNT_LOOKAHEAD } from '../../db/search.js';
import { batches, inBatches } from '../../lib/row-import.js';

type DB = Kysely<Database>;

export type WalletValues = TWalletFields;

const COLUMNS = [
  'id',
  'user_id',
  'wallet_name',
  'address',
  'address_prefix',
  'category',
  'created_at',
] as const;

type WalletRow = {
  id: number;
  user_id: number;
  wallet_name: string;
  address: string;
  address_prefix: string;
  category: string | null;
  created_at: string;
};

/** The one stored form of an address: 0x and lower-case hex, whichever prefix was typed. */
export function normaliseAddress(address: string) {
  const lower = address.trim().toLowerCase();
  const prefix = lower.startsWith('ronin:') ? 'ronin:' : '0x';
  return { address: `0x${lower.slice(prefix.length)}`, prefix };
}

const toWallet = (row: WalletRow): TWallet => ({
  id: row.id,
  user_id: row.user_id,
  wallet_name: row.wallet_name,
  wallet_address: `${row.address_prefix}${row.address.slice(2)}`,
  category: row.category,
  created_at: row.created_at,
});

/** The first pages every wallet tool asks, without a search: one shape, compiled once. */
const walletsPage = compiledPageWithTotal<[userId: number], WalletRow, TWallet>((db, arg) => ({
  rows: db.selectFrom('wallets').where('user_id', '=', arg(0)).select(COLUMNS).orderBy('id'),
  totalOf: { expression: personalListTotal(db, arg(0), 'wallets') },
  toItem: toWallet,
}));

/**
 * A page of the user's wallets and the total: kept per user without a search; with one, counted
 * up to SEARCH_COUNT_LOOKAHEAD past the page (a lower bound beyond), the index narrowing the rows
 * tested (migration 0014).
 */
export async function listWallets(
  db: DB,
  engine: Engine,
  userId: number,
  query: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined },
) {
  const q = query.q;
  if (!q) return walletsPage(db, [userId], query);
  const upTo = (query.offset ?? 0) + (query.limit ?? LIST_CAP) + SEARCH_COUNT_LOOKAHEAD;
  // "0xABCD" also finds the same digits saved as "ronin:abcd…", and the other way round.
  const hexDigits = /^(?:0x|ronin:)?([0-9a-f]+)$/i.exec(q.trim())?.[1];
  const digitsMatch = (digits: string) => containsInsensitive(sql`substr(address, 3)`, digits);
  if (engine === 'postgres') {
    const page = await searchPostgres<'wallets', WalletRow>(
      db,
      'wallets',
      userId,
      COLUMNS,
      { limit: query.limit ?? LIST_CAP, offset: query.offset ?? 0, upTo },
      (eb) =>
        eb.or([
          searchTextContains('wallets', q),
          ...(hexDigits
            ? [eb.and([digitsMatch(hexDigits), searchTextContains('wallets', hexDigits)])]
            : []),
        ]),
    );
    return { ...page, items: page.items.map(toWallet) };
  }
  // Every match contains the digits (a part of the text) or the whole text.
  let base = db.selectFrom('wallets').where('user_id', '=', userId);
  const candidates = await searchCandidates(db, 'wallets', userId, hexDigits ?? q);
  if (candidates) base = base.where(candidates);
  base = base.where((eb) =>
    eb.or([
      containsInsensitive('wallet_name', q),
      containsInsensitive(sql`coalesce(category, '')`, q),
      containsInsensitive(sql`address_prefix || substr(address, 3)`, q),
      ...(hexDigits ? [digitsMatch(hexDigits)] : []),
    ]),
  );
  const page = await pageWithTotal(base.select(COLUMNS).orderBy('id'), query, { upTo });
  return { ...page, items: page.items.map(toWallet) };
}

/** The user's wallets after the id `after`, `limit` of them in id order (a page of an export). */
export async function walletsAfter(db: DB, userId: number, after: number, limit: number) {
  const rows = await db
    .selectFrom('wallets')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toWallet);
}

/** Which of `addresses` (normal form) the user tracks already, asked in batches. */
export async function existingAddresses(db: DB, userId: number, addresses: readonly string[]) {
  const found = new Set<string>();
  await inBatches(addresses, async (batch) => {
    const rows = await db
      .selectFrom('wallets')
      .select('address')
      .where('user_id', '=', userId)
      .where('address', 'in', batch)
      .execute();
    for (const row of rows) found.add(row.address);
  });
  return found;
}

function storedValues(values: WalletValues) {
  const { address, prefix } = normaliseAddress(values.wallet_address);
  return {
    wallet_name: values.wallet_name,
    address,
    address_prefix: prefix,
    category: values.category,
  };
}

export async function insertWallet(db: DB, userId: number, values: WalletValues) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('wallets')
    .values({ ...storedValues(values), user_id: userId, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toWallet(row);
}

/**
 * Saves imported wallets a few hundred to a statement, back to back: inside a transaction on
 * SQLite's one connection, a turn for other requests would only keep their queries waiting.
 */
export async function insertWallets(db: DB, userId: number, wallets: readonly WalletValues[]) {
  const now = nowTimestamp();
  for (const batch of batches(wallets)) {
    await db
      .insertInto('wallets')
      .values(
        batch.map((wallet) => ({
          ...storedValues(wallet),
          user_id: userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** Changes a wallet of `userId`; another user's wallet is not found. */
export async function updateWallet(db: DB, userId: number, id: number, values: WalletValues) {
  const stored = storedValues(values);
  // The amounts last read belong to the address they were read for: a new address starts with
  // none, rather than being answered with the old one's while its own are read.
  await db
    .deleteFrom('wallet_balances')
    .where('wallet_id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('wallets')
          .select('wallets.id')
          .where('wallets.id', '=', id)
          .where('wallets.user_id', '=', userId)
          .where('wallets.address', '<>', stored.address),
      ),
    )
    .execute();
  const row = await db
    .updateTable('wallets')
    .set({ ...stored, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toWallet(row);
}

export function deleteWallet(db: DB, userId: number, id: number) {
  return db
    .deleteFrom('wallets')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
}
