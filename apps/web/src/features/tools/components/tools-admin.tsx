import type { TTool } from '@nexusplay/contract/tools';
import { AddButton } from '../../../components/ui/add-button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { rowActionsColumn } from '../../../components/ui/row-actions';
import { toolsPageQuery } from '../api/get-tools';
import { useDeleteToolMutation } from '../api/manage-tools';
import { ToolForm } from './tool-form';
import { toolName } from './tool-display';
import { ToolIcon } from './tool-icon';
import { NO_VALUE, textOr } from '../../../lib/display';
import { usePagedList } from '../../../components/ui/use-paged-list';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { ADMIN_PAGE_SIZE, emptyTextsFor, PagedTable } from '../../../components/ui/paged-table';
import { AdminPage } from '../../../components/ui/admin-page';
import { CellText } from '../../../components/ui/cell-text';

export function ToolsAdmin() {
  const tools = usePagedList(ADMIN_PAGE_SIZE, toolsPageQuery);
  const form = useFormDialog<TTool>();
  const deletion = useDeleteConfirmation<TTool>(useDeleteToolMutation(), {
    deleted: 'Tool deleted.',
  });

  const columns: Column<TTool>[] = [
    {
      header: 'Name',
      cell: (tool) => <CellText text={toolName(tool)} className="font-medium text-white" />,
    },
    {
      header: 'Icon',
      cell: (tool) => (
        <span className="flex items-center gap-2 text-slate-300">
          <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-500/15 text-indigo-300">
            <ToolIcon icon={tool.icon} className="size-5" />
          </span>
          <CellText
            text={textOr(tool.icon, NO_VALUE)}
            lines={1}
            className="max-w-40 text-xs text-slate-400"
          />
        </span>
      ),
    },
    {
      header: 'Description',
      className: 'max-w-md',
      cell: (tool) => (
        <p lang="id" className="line-clamp-2 wrap-anywhere text-slate-300">
          {textOr(tool.description, NO_VALUE)}
        </p>
      ),
    },
    rowActionsColumn(toolName, form.openEdit, deletion.ask),
  ];

  return (
    <AdminPage
      title="Manage Tools"
      description="Add, edit and remove the tools presented to players."
      actions={<AddButton label="Add Tool" onClick={form.openAdd} />}
    >
      <PagedTable
        {...tools}
        columns={columns}
        rowKey={(tool) => tool.id}
        caption="Tools"
        pagesLabel="Tool pages"
        search={{ label: 'Search tools', placeholder: 'Search tools by name or description...' }}
        emptyText={emptyTextsFor('tools')}
      />

      <FormDialog
        open={form.open}
        onClose={form.close}
        size="lg"
        title={form.row ? 'Edit Tool' : 'Add Tool'}
        description="Name, icon and description are required; the link is optional."
      >
        <ToolForm tool={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete tool?"
        name={deletion.row && toolName(deletion.row)}
        description="will be removed from the tools dashboard. This cannot be undone."
        error={deletion.error ? 'Failed to delete tool.' : undefined}
      />
    </AdminPage>
  );
}
