import type { Kysely } from 'kysely';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { ZWalletFields } from '@nexusplay/contract/wallets';
import type { Database } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { importRows } from '../../lib/row-import.js';
import { existingAddresses, insertWallets, normaliseAddress } from './wallets.repository.js';

/** A CSV file's wallets added to the user's list, all or none; known addresses are skipped. */
export async function importWallets(db: Kysely<Database>, userId: number, csv: string) {
  return importRows({
    rows: await parseCsv(csv, IMPORT_MAX_ROWS),
    schema: ZWalletFields,
    keyOf: (wallet) => normaliseAddress(wallet.wallet_address).address,
    existing: (addresses) => existingAddresses(db, userId, addresses),
    save: (wallets) => db.transaction().execute((trx) => insertWallets(trx, userId, wallets)),
  });
}
