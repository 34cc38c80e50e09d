import type { TUserListItem } from '@nexusplay/contract/users';
import { useState } from 'react';
import { AddButton } from '../../../components/ui/add-button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { rowActionsColumn } from '../../../components/ui/row-actions';
import { usersPageQuery } from '../api/get-users';
import { useDeleteUserMutation, type SavedUser } from '../api/manage-users';
import { OneTimePassword } from './one-time-password';
import { SendResetLink } from './send-reset-link';
import { UserForm } from './user-form';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { cx } from '../../../lib/class-names';
import { usePagedList } from '../../../components/ui/use-paged-list';
import { useDeleteConfirmation } from '../../../lib/use-row-dialogs';
import { ADMIN_PAGE_SIZE, emptyTextsFor, PagedTable } from '../../../components/ui/paged-table';
import { AdminPage } from '../../../components/ui/admin-page';
import { CellText } from '../../../components/ui/cell-text';

/** What the modal shows: the form (adding or editing), or the new account's one-time password. */
type DialogState =
  | { mode: 'add' }
  | { mode: 'edit'; user: TUserListItem }
  | { mode: 'created'; id: number; username: string; password: string };

const DIALOG_TEXT = {
  add: {
    title: 'Add New User',
    description: 'A password is generated for the account and shown to you once it is created.',
  },
  edit: { title: 'Edit User', description: 'Change the username, email or role.' },
  created: {
    title: 'User Created',
    description: 'Copy the password now: it cannot be shown again.',
  },
} as const;

function deleteFailure(error: Error | null): string | undefined {
  if (error === null) return undefined;
  // The server explains a refusal (the last admin, your own account) in words worth showing.
  return error instanceof ApiError && error.status === 409 && error.serverMessage
    ? error.serverMessage
    : 'Failed to delete user.';
}

export function UsersAdmin() {
  const { userId } = useAuth();
  const users = usePagedList(ADMIN_PAGE_SIZE, usersPageQuery);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const deletion = useDeleteConfirmation<TUserListItem>(useDeleteUserMutation(), {
    deleted: 'User deleted.',
    onError: (error) => console.error('The user could not be deleted.', error),
  });

  const closeDialog = () => setDialog(null);
  const onSaved = ({ user, password }: SavedUser) =>
    setDialog(
      password === undefined
        ? null
        : { mode: 'created', id: user.id, username: user.username, password },
    );

  const columns: Column<TUserListItem>[] = [
    {
      header: 'Username',
      cell: (user) => (
        <span className="flex items-center gap-2">
          <CellText text={user.username} className="font-medium text-white" />
          {user.id === userId ? (
            <span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs text-slate-200">
              You
            </span>
          ) : null}
        </span>
      ),
    },
    { header: 'Email', cell: (user) => <CellText text={user.email} lines="all" /> },
    {
      header: 'Role',
      cell: (user) => (
        <span
          className={cx(
            'rounded-full px-2.5 py-1 text-xs font-semibold',
            user.role === 'admin'
              ? 'bg-fuchsia-500/15 text-fuchsia-300'
              : 'bg-slate-700/60 text-slate-200',
          )}
        >
          {user.role}
        </span>
      ),
    },
    rowActionsColumn(
      (user) => user.username,
      (user) => setDialog({ mode: 'edit', user }),
      deletion.ask,
    ),
  ];

  return (
    <AdminPage
      title="Manage Users"
      description="Add, edit and remove user accounts and their roles."
      actions={<AddButton label="Add User" onClick={() => setDialog({ mode: 'add' })} />}
    >
      <PagedTable
        {...users}
        columns={columns}
        rowKey={(user) => user.id}
        caption="Users"
        pagesLabel="User pages"
        search={{ label: 'Search users', placeholder: 'Search users by username or email...' }}
        emptyText={emptyTextsFor('users')}
      />

      <FormDialog
        open={dialog !== null}
        onClose={closeDialog}
        title={DIALOG_TEXT[dialog?.mode ?? 'add'].title}
        description={DIALOG_TEXT[dialog?.mode ?? 'add'].description}
      >
        {dialog?.mode === 'created' ? (
          <OneTimePassword
            username={dialog.username}
            password={dialog.password}
            onDone={closeDialog}
          >
            <SendResetLink userId={dialog.id} username={dialog.username} />
          </OneTimePassword>
        ) : (
          <>
            {dialog?.mode === 'edit' ? (
              <div className="mb-5 border-b border-slate-800 pb-5">
                <p className="mb-2 text-sm text-slate-300">
                  Forgotten password? Mail {dialog.user.username} a link to set a new one.
                </p>
                <SendResetLink userId={dialog.user.id} username={dialog.user.username} />
              </div>
            ) : null}
            <UserForm
              user={dialog?.mode === 'edit' ? dialog.user : undefined}
              onSaved={onSaved}
              onCancel={closeDialog}
            />
          </>
        )}
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete user?"
        description={
          <>
            The account of <strong className="text-white">{deletion.row?.username}</strong> (
            <span className="wrap-anywhere">{deletion.row?.email}</span>) will be removed, with its
            wallets, links and income records. This cannot be undone.
          </>
        }
        error={deleteFailure(deletion.error)}
      />
    </AdminPage>
  );
}
