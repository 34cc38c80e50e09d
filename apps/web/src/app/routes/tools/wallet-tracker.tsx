import type { TWallet } from '@nexusplay/contract/wallets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CategoryBadge } from '../../../components/ui/category-badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Column } from '../../../components/ui/data-table';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Page } from '../../../components/ui/page';
import { RowActions } from '../../../components/ui/row-actions';
import { StatusToast } from '../../../components/ui/status-toast';
import { walletsPageQuery } from '../../../features/wallets/api/get-wallets';
import { useDeleteWalletMutation } from '../../../features/wallets/api/manage-wallets';
import {
  useExportWalletsMutation,
  useImportWalletsMutation,
} from '../../../features/wallets/api/transfer-wallets';
import { WalletAddress } from '../../../features/wallets/components/wallet-address';
import { WalletForm } from '../../../features/wallets/components/wallet-form';
import { useAuth } from '../../../lib/auth';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { usePagedSearch } from '../../../lib/use-paged-search';
import {
  keepFormOnOutsideClick,
  PERSONAL_PAGE_SIZE,
  PersonalToolTable,
} from './personal-tool-table';
import { TOOL_CATALOG } from './tool-catalog';

/** How long the copy confirmation stays on screen (SPEC 9). */
const COPY_TOAST_MS = 3000;

/** Which wallet the form is open for: none (adding) or the one being edited. */
type FormTarget = { wallet: TWallet | undefined };

export function WalletTrackerPage() {
  const { name, description } = TOOL_CATALOG.walletTracker;
  const { userId } = useAuth();
  const paging = usePagedSearch(PERSONAL_PAGE_SIZE);
  const wallets = useQuery({
    ...walletsPageQuery(userId, paging.query),
    placeholderData: keepPreviousData,
  });
  paging.keepInRange(wallets.isPlaceholderData ? undefined : wallets.data?.total);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toDelete, setToDelete] = useState<TWallet | null>(null);
  const deletion = useDeleteWalletMutation();
  const exportMutation = useExportWalletsMutation();
  const importMutation = useImportWalletsMutation();
  const toast = useFlashMessage(COPY_TOAST_MS);

  const closeForm = () => setFormTarget(null);
  const closeDelete = () => {
    setToDelete(null);
    deletion.reset();
  };
  const confirmDelete = () => {
    if (toDelete) deletion.mutate(toDelete.id, { onSuccess: closeDelete });
  };

  const columns: Column<TWallet>[] = [
    {
      header: 'Wallet Name',
      cell: (wallet) => <span className="font-medium text-white">{wallet.wallet_name}</span>,
    },
    {
      header: 'Address',
      cell: (wallet) => (
        <WalletAddress
          address={wallet.wallet_address}
          walletName={wallet.wallet_name}
          onCopied={() => toast.flash('Wallet address copied!')}
          onCopyFailed={() => toast.flash('The address could not be copied.', 'error')}
        />
      ),
    },
    {
      header: 'Category',
      cell: (wallet) => <CategoryBadge category={wallet.category} />,
    },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (wallet) => (
        <RowActions
          name={wallet.wallet_name}
          onEdit={() => setFormTarget({ wallet })}
          onDelete={() => setToDelete(wallet)}
        />
      ),
    },
  ];

  return (
    <Page title={name} description={description} descriptionLang="id">
      <PersonalToolTable
        paging={paging}
        list={wallets}
        columns={columns}
        rowKey={(wallet) => wallet.id}
        search={{ label: 'Search wallets', placeholder: 'Search by name, address or category...' }}
        transfer={{
          noun: 'wallets',
          exportMutation,
          importMutation,
          accept: '.csv,text/csv',
          importLabel: 'Import CSV',
        }}
        addLabel="Add Wallet"
        onAdd={() => setFormTarget({ wallet: undefined })}
        caption="Your wallets"
        emptyText={
          wallets.isError
            ? 'Your wallets could not be loaded. Reload the page to try again.'
            : paging.query.q
              ? 'No wallets match your search.'
              : 'No wallets available.'
        }
        pagesLabel="Wallet pages"
      />

      <Dialog open={formTarget !== null} onOpenChange={(open) => !open && closeForm()}>
        {formTarget ? (
          <DialogContent
            title={formTarget.wallet ? 'Edit Wallet' : 'Add Wallet'}
            description="Name and address are required; the category is optional."
            onInteractOutside={keepFormOnOutsideClick}
          >
            <WalletForm wallet={formTarget.wallet} onSaved={closeForm} onCancel={closeForm} />
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && closeDelete()}
        title="Delete wallet?"
        description={
          <>
            <strong className="text-white">{toDelete?.wallet_name}</strong> will no longer be
            tracked. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletion.isPending}
        error={deletion.isError ? 'Failed to delete wallet.' : undefined}
        onConfirm={confirmDelete}
      />

      <StatusToast message={toast.message} />
    </Page>
  );
}
