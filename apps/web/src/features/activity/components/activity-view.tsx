import type { TActivityItem, TActivityPage } from '@nexusplay/contract/activity';
import type { TWallet } from '@nexusplay/contract/wallets';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { cx } from '../../../lib/class-names';
import { formatMoment } from '../../../lib/format-date';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_TOKENS,
  filterFromSearch,
  isFiltered,
  searchFromFilter,
  type ActivityFilter,
} from '../api/activity-filter';
import { useExportActivityMutation } from '../api/export-activity';
import { activityPageQuery, walletOptionsQuery } from '../api/get-activity';
import {
  Amount,
  Counterparty,
  Direction,
  ExplorerLink,
  TransferTime,
  Value,
} from './activity-cells';

const EXPORT_FAILED = 'The transfers could not be exported.';

export const ACTIVITY_TEXTS = {
  failed: 'Your activity could not be loaded. Reload the page to try again.',
  none: 'No transfers yet. Transfers in and out of your wallets show here once the chain has been read.',
  noMatch: 'No transfers match these filters.',
  noWallets: 'Add a wallet in the Wallet Tracker to see its transfers here.',
  nativeRon:
    'Native RON transfers carry no log on the chain, so they are not shown here; wrapped RON (WRON) is.',
  notFollowed:
    'The chain has not been read for your wallets yet: transfers show here after its first pass.',
} as const;

/** "As of block 1,234, Nov 27, 2026, 7:05 PM": how current the list is. */
export function asOfText(asOf: TActivityPage['as_of']): string {
  if (asOf === null) return ACTIVITY_TEXTS.notFollowed;
  return `As of block ${asOf.block.toLocaleString('en-US')}, ${formatMoment(asOf.time) ?? asOf.time}.`;
}

const itemKey = (item: TActivityItem) => `${item.wallet.id}:${item.tx_hash}:${item.log_index}`;

const COLUMNS: Column<TActivityItem>[] = [
  { header: 'Time', cell: (item) => <TransferTime item={item} /> },
  {
    header: 'Wallet',
    className: 'max-w-40 truncate',
    cell: (item) => <span title={item.wallet.name}>{item.wallet.name || 'Unnamed wallet'}</span>,
  },
  { header: 'Token', className: 'font-semibold', cell: (item) => item.token },
  { header: 'In/Out', cell: (item) => <Direction item={item} /> },
  { header: 'Amount', className: 'text-right', cell: (item) => <Amount item={item} /> },
  { header: 'Other side', cell: (item) => <Counterparty counterparty={item.counterparty} /> },
  {
    header: 'Value (USD)',
    className: 'text-right whitespace-nowrap',
    cell: (item) => <Value value={item.value_usd} currency="usd" />,
  },
  {
    header: 'Value (IDR)',
    className: 'text-right whitespace-nowrap',
    cell: (item) => <Value value={item.value_idr} currency="idr" />,
  },
  { header: 'Transaction', cell: (item) => <ExplorerLink item={item} /> },
];

/** The signed-in user's token transfers, all wallets together, filtered from the address bar. */
export function ActivityView() {
  const { userId } = useAuth();
  if (userId === null) return null;
  return <ActivityWorkspace userId={userId} />;
}

function ActivityWorkspace({ userId }: { userId: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromSearch(searchParams);
  const wallets = useQuery(walletOptionsQuery(userId));
  const activity = useQuery(activityPageQuery(userId, filter));
  const exportMutation = useExportActivityMutation();

  const setFilter = (next: ActivityFilter) => setSearchParams(searchFromFilter(next));
  const change = (patch: Partial<ActivityFilter>) => setFilter({ ...filter, ...patch, page: 1 });

  const items = activity.data?.data;
  const noWallets = wallets.data?.total === 0;
  const emptyText = activity.isError
    ? ACTIVITY_TEXTS.failed
    : isFiltered(filter)
      ? ACTIVITY_TEXTS.noMatch
      : noWallets
        ? ACTIVITY_TEXTS.noWallets
        : ACTIVITY_TEXTS.none;
  const rows = activity.isError ? [] : items;
  const total = activity.data?.total ?? 0;
  const offset = (filter.page - 1) * ACTIVITY_PAGE_SIZE;

  return (
    <div className="mt-10 space-y-6">
      <div className="space-y-1 text-sm text-slate-300">
        <p role="status">
          {activity.data ? asOfText(activity.data.as_of) : activity.isPending ? 'Loading…' : null}
        </p>
        <p className="text-slate-400">{ACTIVITY_TEXTS.nativeRon}</p>
      </div>

      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-end">
          <SelectField
            label="Wallet"
            value={filter.walletId === undefined ? '' : String(filter.walletId)}
            onChange={(event) =>
              change({ walletId: event.target.value ? Number(event.target.value) : undefined })
            }
            className="min-w-0 lg:w-56"
          >
            <option value="">All wallets</option>
            {wallets.data?.items.map((wallet: TWallet) => (
              <option key={wallet.id} value={wallet.id}>
                {wallet.wallet_name || 'Unnamed wallet'}
              </option>
            ))}
            {/* A wallet named in the link but not (yet) in the list still shows as chosen. */}
            {filter.walletId !== undefined &&
            !wallets.data?.items.some((wallet) => wallet.id === filter.walletId) ? (
              <option value={filter.walletId}>Wallet {filter.walletId}</option>
            ) : null}
          </SelectField>
          <SelectField
            label="Token"
            value={filter.token ?? ''}
            onChange={(event) =>
              change({
                token: ACTIVITY_TOKENS.find((token) => token === event.target.value),
              })
            }
            className="min-w-0 lg:w-40"
          >
            <option value="">All tokens</option>
            {ACTIVITY_TOKENS.map((token) => (
              <option key={token} value={token}>
                {token}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Direction"
            value={filter.direction ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              change({ direction: value === 'in' || value === 'out' ? value : undefined });
            }}
            className="min-w-0 lg:w-40"
          >
            <option value="">In and out</option>
            <option value="in">In</option>
            <option value="out">Out</option>
          </SelectField>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => exportMutation.mutate(filter)}
            disabled={!items?.length || exportMutation.isPending}
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
            {exportMutation.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>
      {exportMutation.error ? (
        <p role="alert" className="text-sm text-red-400">
          {exportMutation.error instanceof ApiError
            ? (exportMutation.error.serverMessage ?? EXPORT_FAILED)
            : EXPORT_FAILED}
        </p>
      ) : null}

      <section aria-label="Transfers" className="space-y-4">
        <div className="hidden md:block">
          <DataTable
            caption="Your token transfers"
            columns={COLUMNS}
            rows={rows}
            rowKey={itemKey}
            emptyText={emptyText}
            refreshing={activity.isPlaceholderData}
            layout={{ density: 'compact', minWidth: 'wide' }}
            skeletonRows={8}
          />
        </div>
        <TransferCards items={rows} emptyText={emptyText} refreshing={activity.isPlaceholderData} />
        {noWallets && !isFiltered(filter) ? (
          <p className="text-sm">
            <Link to="/tools/wallet" className="text-indigo-300 hover:underline">
              Go to the Wallet Tracker
            </Link>
          </p>
        ) : null}
        {activity.data && (total > ACTIVITY_PAGE_SIZE || filter.page > 1) ? (
          <Pagination
            label="Activity pages"
            offset={offset}
            limit={ACTIVITY_PAGE_SIZE}
            shown={activity.data.data.length}
            total={total}
            onOffsetChange={(next) =>
              setFilter({ ...filter, page: Math.floor(next / ACTIVITY_PAGE_SIZE) + 1 })
            }
          />
        ) : null}
      </section>
    </div>
  );
}

/** On a phone each transfer is a card: no column needs the screen's width beside the others. */
function TransferCards({
  items,
  emptyText,
  refreshing,
}: {
  items: TActivityItem[] | undefined;
  emptyText: string;
  refreshing: boolean;
}) {
  if (items === undefined)
    return (
      <ul aria-busy="true" aria-label="Transfers loading" className="space-y-3 md:hidden">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="mt-3 h-4 w-1/2" />
          </li>
        ))}
      </ul>
    );
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-slate-800 bg-slate-900/60 px-4 py-8 text-center text-slate-400 md:hidden">
        {emptyText}
      </p>
    );
  return (
    <ul
      aria-label="Your token transfers"
      aria-busy={refreshing}
      className={cx('space-y-3 transition-opacity md:hidden', refreshing && 'opacity-60')}
    >
      {items.map((item) => (
        <li
          key={itemKey(item)}
          className="min-w-0 rounded-xl border border-slate-800 bg-slate-900/60 p-4 text-sm text-slate-200"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-white">
                <Amount item={item} />
                <span>{item.token}</span>
              </p>
              <p className="mt-0.5 text-xs text-slate-400">
                <TransferTime item={item} />
              </p>
            </div>
            <Direction item={item} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
            <dt className="text-slate-400">Wallet</dt>
            <dd className="truncate" title={item.wallet.name}>
              {item.wallet.name || 'Unnamed wallet'}
            </dd>
            <dt className="text-slate-400">{item.direction === 'in' ? 'From' : 'To'}</dt>
            <dd className="min-w-0 truncate">
              <Counterparty counterparty={item.counterparty} />
            </dd>
            <dt className="text-slate-400">Value</dt>
            <dd className="flex flex-wrap gap-x-3">
              {item.price_pending ? (
                <Value value={null} currency="usd" />
              ) : (
                <>
                  <Value value={item.value_usd} currency="usd" />
                  <Value value={item.value_idr} currency="idr" />
                </>
              )}
            </dd>
            <dt className="text-slate-400">Transaction</dt>
            <dd>
              <ExplorerLink item={item} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
