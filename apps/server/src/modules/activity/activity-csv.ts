import type { CsvColumn } from '../../lib/csv.js';
import type { ActivityExportRow } from './activity.service.js';

/**
 * The columns of the activity's CSV file. The amount stays the exact decimal text (a number cell
 * would lose digits past 15); a value still pending is an empty cell, not 0.
 */
export const activityCsvColumns: CsvColumn<ActivityExportRow>[] = [
  { header: 'Time', cell: (item) => item.time },
  { header: 'Wallet', cell: (item) => item.wallet.name },
  { header: 'Token', cell: (item) => item.token },
  { header: 'Direction', cell: (item) => item.direction },
  { header: 'Amount', cell: (item) => item.amount },
  {
    header: 'Other side',
    cell: (item) =>
      'wallet_name' in item.counterparty
        ? item.counterparty.wallet_name
        : item.counterparty.address,
  },
  { header: 'Transaction', cell: (item) => item.tx_hash },
  { header: 'Log index', cell: (item) => item.log_index },
  { header: 'Block', cell: (item) => item.block_number },
  { header: 'Value (USD)', cell: (item) => item.value_usd },
  { header: 'Value (IDR)', cell: (item) => item.value_idr },
];
