import { ZErrorResponse } from '@nexusplay/contract/errors';
import { WALLET_FIELDS, ZWallet, ZWalletRequest } from '@nexusplay/contract/wallets';
import { personalListRoutes } from '../personal-list/personal-list.routes.js';
import { walletsService } from './wallets.service.js';

/** Wallet Tracker: each user's own wallets; another user's wallet answers 404 on every route. */
export const walletsRoutes = personalListRoutes({
  list: 'wallets',
  service: walletsService,
  fields: WALLET_FIELDS,
  item: ZWallet,
  request: ZWalletRequest,
  // A wallet's address is unique to its user: adding, changing and importing can clash.
  moreErrors: { 409: ZErrorResponse },
  summaries: {
    list: 'The caller’s wallets; search over name, address and category',
    create: 'Track a wallet',
    remove: 'Stop tracking one of the caller’s wallets',
    import: `Import wallets from a CSV file (columns ${WALLET_FIELDS.join(', ')})`,
  },
  deleted: 'Wallet deleted.',
});
