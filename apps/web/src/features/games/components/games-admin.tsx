import type { TGame } from '@nexusplay/contract/games';
import { ExternalLinkIcon, Gamepad2Icon } from 'lucide-react';
import { AddButton } from '../../../components/ui/add-button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { CoverImage } from '../../../components/ui/cover-image';
import { type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { rowActionsColumn } from '../../../components/ui/row-actions';
import { gamesPageQuery } from '../api/get-games';
import { useDeleteGameMutation } from '../api/manage-games';
import { gameName } from './game-display';
import { GameForm } from './game-form';
import { NO_VALUE, textOr } from '../../../lib/display';
import { isWebUrl } from '../../../lib/urls';
import { usePagedList } from '../../../components/ui/use-paged-list';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { ADMIN_PAGE_SIZE, emptyTextsFor, PagedTable } from '../../../components/ui/paged-table';
import { AdminPage } from '../../../components/ui/admin-page';
import { CellText } from '../../../components/ui/cell-text';

export function GamesAdmin() {
  const games = usePagedList(ADMIN_PAGE_SIZE, gamesPageQuery);
  const form = useFormDialog<TGame>();
  // The spec's texts for a game's deletion are told in the toast, after the confirmation closes.
  const deletion = useDeleteConfirmation<TGame>(useDeleteGameMutation(), {
    deleted: 'Game deleted successfully!',
    failed: 'Failed to delete game.',
    onError: (error) => console.error('The game could not be deleted.', error),
  });

  const columns: Column<TGame>[] = [
    {
      header: 'Name',
      cell: (game) => <CellText text={gameName(game)} className="font-medium text-white" />,
    },
    {
      header: 'Image',
      cell: (game) => (
        <CoverImage
          src={game.image}
          width={64}
          height={40}
          placeholderIcon={Gamepad2Icon}
          className="h-10 w-16 rounded-md"
        />
      ),
    },
    {
      header: 'Description',
      className: 'max-w-md',
      cell: (game) => (
        <p className="line-clamp-2 wrap-anywhere text-slate-300">
          {textOr(game.description, NO_VALUE)}
        </p>
      ),
    },
    {
      header: 'Link',
      cell: (game) =>
        isWebUrl(game.link) ? (
          <a
            href={game.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Visit ${gameName(game)} (opens in a new tab)`}
            className="inline-flex items-center gap-1 rounded font-semibold text-indigo-300 hover:text-indigo-200"
          >
            Visit
            <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
          </a>
        ) : null,
    },
    rowActionsColumn(gameName, form.openEdit, deletion.ask),
  ];

  return (
    <AdminPage
      title="Manage Games"
      description="Add, edit and remove the games listed on the site."
      actions={<AddButton label="Add Game" onClick={form.openAdd} />}
    >
      <PagedTable
        {...games}
        columns={columns}
        rowKey={(game) => game.id}
        caption="Games"
        pagesLabel="Games pages"
        search={{ label: 'Search games', placeholder: 'Search games by name...' }}
        emptyText={emptyTextsFor('games')}
      />

      <FormDialog
        open={form.open}
        onClose={form.close}
        size="lg"
        title={form.row ? 'Edit Game' : 'Add Game'}
        description="Name, description and link are required; the image is optional."
      >
        <GameForm game={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete game?"
        name={deletion.row && gameName(deletion.row)}
        description="will be removed from the site. This cannot be undone."
      />
    </AdminPage>
  );
}
