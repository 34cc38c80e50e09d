import type { TGame } from '@nexusplay/contract/games';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ExternalLinkIcon, Gamepad2Icon, PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CoverImage } from '../../../components/ui/cover-image';
import { type Column } from '../../../components/ui/data-table';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { RowActions } from '../../../components/ui/row-actions';
import { gamesPageQuery } from '../../../features/games/api/get-games';
import { useDeleteGameMutation } from '../../../features/games/api/manage-games';
import { GameForm } from '../../../features/games/components/game-form';
import { isWebUrl } from '../../../lib/urls';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { ADMIN_PAGE_SIZE, keepDialogOnOutsideClick } from './admin-table';
import { AdminListSection } from './admin-list-section';
import { AdminPage } from './admin-page';

/** Which game the form is open for: none (adding) or the one being edited. */
type FormTarget = { game: TGame | undefined };

export function ManageGamesPage() {
  const paging = usePagedSearch(ADMIN_PAGE_SIZE);
  const games = useQuery({ ...gamesPageQuery(paging.query), placeholderData: keepPreviousData });
  paging.keepInRange(games.isPlaceholderData ? undefined : games.data?.total);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toDelete, setToDelete] = useState<TGame | null>(null);
  const deletion = useDeleteGameMutation();

  const closeForm = () => setFormTarget(null);
  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSettled: () => setToDelete(null),
      onSuccess: () => window.alert('Game deleted successfully!'),
      onError: (error) => {
        console.error('The game could not be deleted.', error);
        window.alert('Failed to delete game.');
      },
    });
  };

  const columns: Column<TGame>[] = [
    { header: 'Name', cell: (game) => <span className="font-medium text-white">{game.name}</span> },
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
      cell: (game) => <p className="line-clamp-2 text-slate-300">{game.description}</p>,
    },
    {
      header: 'Link',
      cell: (game) =>
        isWebUrl(game.link) ? (
          <a
            href={game.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Visit ${game.name} (opens in a new tab)`}
            className="inline-flex items-center gap-1 rounded font-semibold text-indigo-300 hover:text-indigo-200"
          >
            Visit
            <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
          </a>
        ) : null,
    },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (game) => (
        <RowActions
          name={game.name}
          onEdit={() => setFormTarget({ game })}
          onDelete={() => setToDelete(game)}
        />
      ),
    },
  ];

  return (
    <AdminPage
      title="Manage Games"
      description="Add, edit and remove the games listed on the site."
      actions={
        <Button onClick={() => setFormTarget({ game: undefined })}>
          <PlusIcon aria-hidden="true" className="size-4" />
          Add Game
        </Button>
      }
    >
      <AdminListSection
        paging={paging}
        list={games}
        columns={columns}
        rowKey={(game) => game.id}
        searchLabel="Search games"
        searchPlaceholder="Search games by name or description..."
        caption="Games"
        pagesLabel="Games pages"
        noun="games"
      />

      <Dialog open={formTarget !== null} onOpenChange={(open) => !open && closeForm()}>
        {formTarget ? (
          <DialogContent
            size="lg"
            title={formTarget.game ? 'Edit Game' : 'Add Game'}
            description="Name, description and link are required; the image is optional."
            onInteractOutside={keepDialogOnOutsideClick}
          >
            <GameForm game={formTarget.game} onSaved={closeForm} onCancel={closeForm} />
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete game?"
        description={
          <>
            <strong className="text-white">{toDelete?.name}</strong> will be removed from the site.
            This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletion.isPending}
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}
