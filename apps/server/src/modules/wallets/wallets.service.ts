import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { ZWalletFields } from '@nexusplay/contract/wallets';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict } from '../../lib/app-error.js';
import { parseCsv } from '../../lib/csv.js';
import {
  personalListService,
  type PersonalListDeps,
} from '../personal-list/personal-list.service.js';
import { normaliseAddress, updateWallet, walletsList } from './wallets.repository.js';

const DUPLICATE = 'You already track this wallet address.';

/** Wallet Tracker: each user's own wallets; another user's wallet is not found. */
export const walletsService = (deps: PersonalListDeps) =>
  personalListService(deps, {
    list: 'wallets',
    // A new address drops the amounts read for the old one.
    repository: { ...walletsList, update: updateWallet },
    rows: 'wallets',
    notFound: 'This wallet does not exist.',
    schema: ZWalletFields,
    keyOf: (wallet) => normaliseAddress(wallet.wallet_address).address,
    rowsOf: (text) => parseCsv(text, IMPORT_MAX_ROWS),
    // The unique index on (user, address) refused the write: 409 naming the field.
    failure: (error) =>
      isUniqueViolation(error) ? conflict(DUPLICATE, { wallet_address: DUPLICATE }) : error,
  });
