import { WALLET_FIELDS, type TWallet, type TWalletField } from '@nexusplay/contract/wallets';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActivityIcon } from 'lucide-react';
import { ImportExportActions } from '../../../components/ui/import-export-actions';
import { AddButton } from '../../../components/ui/add-button';
import { buttonStyles } from '../../../components/ui/button';
import { CategoryBadge } from '../../../components/ui/category-badge';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import type { Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { RowActions } from '../../../components/ui/row-actions';
import { useToast } from '../../../components/ui/toast';
import {
  portfolioHistoryQuery,
  portfolioQuery,
  useRefreshPortfolioMutation,
} from '../api/get-portfolio';
import { walletsPageQuery } from '../api/get-wallets';
import type { DisplayCurrency } from '../../../lib/format-money';
import { PortfolioHistorySection } from './portfolio-history-section';
import { PortfolioSummary } from './portfolio-summary';
import { staleText } from './portfolio-format';
import { TokenBreakdown } from './token-breakdown';
import { useRefreshStatus } from './use-refresh-status';
import { WalletValue } from './wallet-value';
import { useDeleteWalletMutation } from '../api/manage-wallets';
import { useExportWalletsMutation, useImportWalletsMutation } from '../api/transfer-wallets';
import { WalletAddress } from './wallet-address';
import { walletName } from './wallet-display';
import { WalletForm } from './wallet-form';
import { useAuth } from '../../../lib/auth';
import { usePagedList } from '../../../components/ui/use-paged-list';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { PagedTable, PERSONAL_PAGE_SIZE } from '../../../components/ui/paged-table';
import { CellText } from '../../../components/ui/cell-text';

/** How long the copy confirmation (and its failure) stays on screen (SPEC 9). */
const COPY_TOAST_MS = 3000;

export function WalletTracker() {
  const { userId } = useAuth();
  const wallets = usePagedList(PERSONAL_PAGE_SIZE, (query) => walletsPageQuery(userId, query));
  const form = useFormDialog<TWallet>();
  const deletion = useDeleteConfirmation<TWallet>(useDeleteWalletMutation(), {
    deleted: 'Wallet deleted.',
  });
  const exportMutation = useExportWalletsMutation();
  const importMutation = useImportWalletsMutation();
  const toast = useToast();
  const portfolio = useQuery(portfolioQuery(userId));
  const history = useQuery(portfolioHistoryQuery(userId));
  const refresh = useRefreshPortfolioMutation(userId);
  const refreshStatus = useRefreshStatus();
  const [currency, setCurrency] = useState<DisplayCurrency>('usd');
  const [showZero, setShowZero] = useState(false);
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggleOpen = (id: number) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const usdIdr = portfolio.data?.usd_idr ?? 0;
  const valueOf = (wallet: TWallet) =>
    portfolio.data?.wallets.find((entry) => entry.wallet_id === wallet.id);

  // A field added to the contract is a compile error here until the table has a column for it.
  const fieldColumns: Record<TWalletField, Column<TWallet>> = {
    wallet_name: {
      header: 'Wallet Name',
      cell: (wallet) => <CellText text={walletName(wallet)} className="font-medium text-white" />,
    },
    wallet_address: {
      header: 'Address',
      cell: (wallet) => (
        <WalletAddress
          address={wallet.wallet_address}
          walletName={walletName(wallet)}
          onCopied={() => toast.success('Wallet address copied!', { durationMs: COPY_TOAST_MS })}
          onCopyFailed={() =>
            toast.error('The address could not be copied.', { durationMs: COPY_TOAST_MS })
          }
        />
      ),
    },
    category: {
      header: 'Category',
      cell: (wallet) => <CategoryBadge category={wallet.category} />,
    },
  };
  const columns: Column<TWallet>[] = [
    ...WALLET_FIELDS.map((field) => fieldColumns[field]),
    {
      header: 'Value',
      cell: (wallet) => (
        <WalletValue
          portfolio={valueOf(wallet)}
          failed={portfolio.isError}
          walletName={walletName(wallet)}
          currency={currency}
          usdIdr={usdIdr}
          open={openIds.has(wallet.id)}
          onToggle={() => toggleOpen(wallet.id)}
        />
      ),
    },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (wallet) => (
        <div className="flex items-center justify-end gap-1">
          <Link
            to={`/activity?wallet_id=${wallet.id}`}
            aria-label={`Activity of ${walletName(wallet)}`}
            title="Transfers of this wallet"
            className={buttonStyles('ghost', undefined, 'sm')}
          >
            <ActivityIcon aria-hidden="true" className="size-4" />
          </Link>
          <RowActions
            name={walletName(wallet)}
            onEdit={() => form.openEdit(wallet)}
            onDelete={() => deletion.ask(wallet)}
          />
        </div>
      ),
    },
  ];

  const detail = (wallet: TWallet) => {
    const entry = valueOf(wallet);
    if (!openIds.has(wallet.id) || !entry || entry.state === 'unavailable') return null;
    return (
      <div className="space-y-2">
        {entry.state === 'stale' ? (
          <p className="text-sm text-amber-300">{staleText(entry.as_of)}</p>
        ) : null}
        <TokenBreakdown
          label={`Tokens of ${walletName(wallet)}`}
          tokens={entry.tokens}
          currency={currency}
          usdIdr={usdIdr}
          showZero={showZero}
        />
      </div>
    );
  };

  return (
    <>
      <PortfolioSummary
        portfolio={portfolio.data}
        failed={portfolio.isError}
        currency={currency}
        onCurrencyChange={setCurrency}
        showZero={showZero}
        onShowZeroChange={setShowZero}
        refreshing={refresh.isPending || portfolio.isFetching}
        onRefresh={() => refresh.mutate(undefined, { onSuccess: refreshStatus.show })}
        refreshStatus={refreshStatus.text}
      />

      <PagedTable
        detail={detail}
        {...wallets}
        columns={columns}
        rowKey={(wallet) => wallet.id}
        search={{ label: 'Search wallets', placeholder: 'Search by name, address or category...' }}
        actions={
          <>
            <ImportExportActions
              noun="wallets"
              exportMutation={exportMutation}
              importMutation={importMutation}
              accept=".csv,text/csv"
              importLabel="Import CSV"
            />
            <Link to="/activity" className={buttonStyles('secondary')}>
              <ActivityIcon aria-hidden="true" className="size-4" />
              All activity
            </Link>
            <AddButton label="Add Wallet" onClick={form.openAdd} />
          </>
        }
        caption="Your wallets"
        emptyText={{
          failed: 'Your wallets could not be loaded. Reload the page to try again.',
          noMatch: 'No wallets match your search.',
          none: 'No wallets available.',
        }}
        pagesLabel="Wallet pages"
        pagerWhenNeeded
        skeletonRows={3}
      />

      <PortfolioHistorySection
        history={history.data}
        failed={history.isError}
        currency={currency}
      />

      <FormDialog
        open={form.open}
        onClose={form.close}
        title={form.row ? 'Edit Wallet' : 'Add Wallet'}
        description="Name and address are required; the category is optional."
      >
        <WalletForm wallet={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete wallet?"
        name={deletion.row && walletName(deletion.row)}
        description="will no longer be tracked. This cannot be undone."
        error={deletion.error ? 'Failed to delete wallet.' : undefined}
      />
    </>
  );
}
