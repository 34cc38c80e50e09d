import type { TLink } from '@nexusplay/contract/links';
import { ExternalLinkIcon } from 'lucide-react';
import { AddButton } from '../../../components/ui/add-button';
import { buttonStyles } from '../../../components/ui/button';
import { ImportExportActions } from '../../../components/ui/import-export-actions';
import { CategoryBadge } from '../../../components/ui/category-badge';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import type { Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { RowActions } from '../../../components/ui/row-actions';
import { linksPageQuery } from '../api/get-links';
import { linkFailureMessage } from '../api/link-session';
import { useDeleteLinkMutation } from '../api/manage-links';
import { useExportLinksMutation, useImportLinksMutation } from '../api/transfer-links';
import { linkTitle } from './link-display';
import { LinkForm } from './link-form';
import { useAuth } from '../../../lib/auth';
import { isWebUrl } from '../../../lib/urls';
import { usePagedList } from '../../../components/ui/use-paged-list';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { PagedTable, PERSONAL_PAGE_SIZE } from '../../../components/ui/paged-table';
import { CellText } from '../../../components/ui/cell-text';

const LOAD_FAILED = 'Your links could not be loaded. Reload the page to try again.';

function hostOf(url: string | null | undefined): string {
  return isWebUrl(url) ? new URL(url).host : (url ?? '');
}

export function LinkManager() {
  const { userId, token } = useAuth();
  const links = usePagedList(PERSONAL_PAGE_SIZE, (query) =>
    linksPageQuery({ userId, token }, query),
  );
  const form = useFormDialog<TLink>();
  const deletion = useDeleteConfirmation<TLink>(useDeleteLinkMutation(), {
    deleted: 'Link deleted.',
  });
  const exportMutation = useExportLinksMutation();
  const importMutation = useImportLinksMutation();

  const columns: Column<TLink>[] = [
    {
      header: 'ID',
      className: 'w-16 tabular-nums text-slate-400',
      cell: (link) => link.id,
    },
    {
      header: 'Title',
      cell: (link) => (
        <span className="flex flex-col">
          <CellText text={linkTitle(link)} className="font-medium text-white" />
          <CellText text={hostOf(link.url)} lines={1} className="text-xs text-slate-400" />
        </span>
      ),
    },
    {
      header: 'Category',
      cell: (link) => <CategoryBadge category={link.category} />,
    },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (link) => (
        <div className="flex items-center justify-end gap-1">
          {/* The server keeps only http(s) addresses; anything else is never made a link. */}
          {isWebUrl(link.url) ? (
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open ${linkTitle(link)} in a new tab`}
              className={buttonStyles('secondary', undefined, 'sm')}
            >
              <ExternalLinkIcon aria-hidden="true" className="size-4" />
              Open
            </a>
          ) : null}
          <RowActions
            name={linkTitle(link)}
            onEdit={() => form.openEdit(link)}
            onDelete={() => deletion.ask(link)}
          />
        </div>
      ),
    },
  ];

  return (
    <>
      <PagedTable
        {...links}
        columns={columns}
        rowKey={(link) => link.id}
        search={{ label: 'Search links', placeholder: 'Search by title or category...' }}
        actions={
          <>
            <ImportExportActions
              noun="links"
              exportMutation={exportMutation}
              importMutation={importMutation}
              accept=".csv,.html,.htm,text/csv,text/html"
              importLabel="Import CSV or bookmarks"
            />
            <AddButton label="Add Link" onClick={form.openAdd} />
          </>
        }
        caption="Your links"
        emptyText={{
          failed: links.list.error
            ? linkFailureMessage(links.list.error, LOAD_FAILED)
            : LOAD_FAILED,
          noMatch: 'No links match your search.',
          none: 'No data available.',
        }}
        pagesLabel="Link pages"
        pagerWhenNeeded
        skeletonRows={3}
      />

      <FormDialog
        open={form.open}
        onClose={form.close}
        title={form.row ? 'Edit Link' : 'Add Link'}
        description="Title and URL are required; the category is optional."
      >
        <LinkForm link={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete link?"
        name={deletion.row && linkTitle(deletion.row)}
        description="will be removed from your links. This cannot be undone."
        error={
          deletion.error ? linkFailureMessage(deletion.error, 'Failed to delete link.') : undefined
        }
      />
    </>
  );
}
