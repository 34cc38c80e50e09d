import type { Kysely } from 'kysely';
import type { TListQuery } from '@nexusplay/contract/lists';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { ZWalletFields } from '@nexusplay/contract/wallets';
import { isUniqueViolation } from '../../db/errors.js';
import { overCap, overCapReason, roomInList } from '../../db/row-caps.js';
import type { Database, Engine } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { parseCsv } from '../../lib/csv.js';
import { importRows } from '../../lib/row-import.js';
import {
  deleteWallet,
  existingAddresses,
  insertWallet,
  insertWallets,
  listWallets,
  normaliseAddress,
  updateWallet,
  walletsAfter,
  type WalletValues,
} from './wallets.repository.js';

/** What the wallets module needs from the app; `cap` is how many wallets one user may track. */
export type WalletsDeps = { db: Kysely<Database>; engine: Engine; cap: number };

const ROWS = 'wallets';
const NOT_FOUND = 'This wallet does not exist.';
const DUPLICATE = 'You already track this wallet address.';

/** The unique index on (user, address) refused the write: 409 naming the field. */
function duplicateOr(error: unknown) {
  return isUniqueViolation(error) ? conflict(DUPLICATE, { wallet_address: DUPLICATE }) : error;
}

/** Wallet Tracker: each user's own wallets; another user's wallet is not found. */
export function walletsService({ db, engine, cap }: WalletsDeps) {
  return {
    list: (userId: number, query: TListQuery) => listWallets(db, engine, userId, query),

    /** A page of the user's wallets after id `after`, for the CSV export. */
    pageAfter: (userId: number, after: number, limit: number) =>
      walletsAfter(db, userId, after, limit),

    /** A wallet added to the user's list, unless they track `cap` already (409 saying the cap). */
    async create(userId: number, values: WalletValues) {
      try {
        return await db.transaction().execute(async (trx) => {
          if ((await roomInList(trx, userId, 'wallets', cap, 1)) < 1) throw overCap(cap, ROWS);
          return insertWallet(trx, userId, values);
        });
      } catch (error) {
        throw duplicateOr(error);
      }
    },

    async update(userId: number, id: number, values: WalletValues) {
      try {
        const wallet = await updateWallet(db, userId, id, values);
        if (!wallet) throw notFound(NOT_FOUND);
        return wallet;
      } catch (error) {
        throw duplicateOr(error);
      }
    },

    async remove(userId: number, id: number) {
      if (!(await deleteWallet(db, userId, id))) throw notFound(NOT_FOUND);
    },

    /**
     * A CSV file's wallets added to the user's list, all or none; known addresses are skipped and
     * rows past the user's cap refused.
     */
    async import(userId: number, csv: string) {
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
    },
  };
}
