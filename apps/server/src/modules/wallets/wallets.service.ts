import type { Kysely } from 'kysely';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { ZWalletFields } from '@nexusplay/contract/wallets';
import { overCap, overCapReason, roomInList } from '../../db/row-caps.js';
import type { Database } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { importRows } from '../../lib/row-import.js';
import {
  existingAddresses,
  insertWallet,
  insertWallets,
  normaliseAddress,
  type WalletValues,
} from './wallets.repository.js';

const ROWS = 'wallets';

/** A wallet added to the user's list, unless they track `cap` already (409 saying the cap). */
export async function createWallet(
  db: Kysely<Database>,
  userId: number,
  values: WalletValues,
  cap: number,
) {
  return db.transaction().execute(async (trx) => {
    if ((await roomInList(trx, userId, 'wallets', cap, 1)) < 1) throw overCap(cap, ROWS);
    return insertWallet(trx, userId, values);
  });
}

/**
 * A CSV file's wallets added to the user's list, all or none; known addresses are skipped and
 * rows past the user's cap refused.
 */
export async function importWallets(
  db: Kysely<Database>,
  userId: number,
  csv: string,
  cap: number,
) {
  return importRows({
    rows: await parseCsv(csv, IMPORT_MAX_ROWS),
    schema: ZWalletFields,
    keyOf: (wallet) => normaliseAddress(wallet.wallet_address).address,
    existing: (addresses) => existingAddresses(db, userId, addresses),
    save: (wallets) =>
      db.transaction().execute(async (trx) => {
        const room = await roomInList(trx, userId, 'wallets', cap, wallets.length);
        await insertWallets(trx, userId, wallets.slice(0, room));
        return room;
      }),
    overCap: overCapReason(cap, ROWS),
  });
}
