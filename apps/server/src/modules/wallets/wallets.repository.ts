import { sql, type Kysely } from 'kysely';
import type { TWallet, TWalletFields } from '@nexusplay/contract/wallets';
import { searchTextContains } from '../../db/personal-search.js';
import type { Database } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { personalListRepository } from '../personal-list/personal-list.repository.js';

type DB = Kysely<Database>;

export type WalletValues = TWalletFields;

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

function storedValues(values: WalletValues) {
  const { address, prefix } = normaliseAddress(values.wallet_address);
  return {
    wallet_name: values.wallet_name,
    address,
    address_prefix: prefix,
    category: values.category,
  };
}

/** Whether a search is hex digits, perhaps after 0x or ronin:: the digits. */
const hexDigitsOf = (q: string) => /^(?:0x|ronin:)?([0-9a-f]+)$/i.exec(q.trim())?.[1];
const digitsMatch = (digits: string) => containsInsensitive(sql`substr(address, 3)`, digits);

/** Wallet Tracker: each user's own wallets. */
export const walletsList = personalListRepository<'wallets', WalletRow, TWallet, WalletValues>({
  list: 'wallets',
  ownColumns: ['wallet_name', 'address', 'address_prefix', 'category'],
  toItem: toWallet,
  stored: storedValues,
  key: 'address',
  search: (q) => {
    // "0xABCD" also finds the same digits saved as "ronin:abcd…", and the other way round.
    const hexDigits = hexDigitsOf(q);
    return {
      postgres: (eb) =>
        eb.or([
          searchTextContains('wallets', q),
          ...(hexDigits
            ? [eb.and([digitsMatch(hexDigits), searchTextContains('wallets', hexDigits)])]
            : []),
        ]),
      // Every match contains the digits (a part of the text) or the whole text.
      candidatesOf: hexDigits ?? q,
      sqlite: (eb) =>
        eb.or([
          containsInsensitive('wallet_name', q),
          containsInsensitive(sql`coalesce(category, '')`, q),
          containsInsensitive(sql`address_prefix || substr(address, 3)`, q),
          ...(hexDigits ? [digitsMatch(hexDigits)] : []),
        ]),
    };
  },
});

/** Names the benches and tests seed and search with. */
export const { list: listWallets, insertMany: insertWallets } = walletsList;

/**
 * Changes a wallet of `userId`; another user's wallet is not found. The amounts last read belong
 * to the address they were read for: a new address starts with none, rather than being answered
 * with the old one's while its own are read.
 */
export async function updateWallet(db: DB, userId: number, id: number, values: WalletValues) {
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
          .where('wallets.address', '<>', storedValues(values).address),
      ),
    )
    .execute();
  return walletsList.update(db, userId, id, values);
}
