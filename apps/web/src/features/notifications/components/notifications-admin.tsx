import type { TNotification } from '@nexusplay/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { notificationsQuery } from '../api/get-notifications';
import { useDeleteNotificationMutation } from '../api/manage-notifications';
import { NotificationAdminList } from './notification-admin-list';
import { notificationTitle } from './notification-display';
import { NotificationForm } from './notification-form';
import { useAuth } from '../../../lib/auth';
import { AdminPage } from '../../../components/ui/admin-page';
import { useToast } from '../../../components/ui/toast';

const DELETE_FAILED_MESSAGE = 'Terjadi kesalahan saat menghapus notifikasi.';

export function NotificationsAdmin() {
  const { userId } = useAuth();
  const notifications = useQuery(notificationsQuery(userId));
  const [editing, setEditing] = useState<TNotification | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TNotification | null>(null);
  const deletion = useDeleteNotificationMutation();
  const toast = useToast();

  const stopEditing = () => setEditing(undefined);
  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    deletion.mutate(id, {
      onSettled: () => setToDelete(null),
      onSuccess: ({ message }) => {
        if (editing?.id === id) stopEditing();
        toast.success(message);
      },
      onError: (error) => console.error('The notification could not be deleted.', error),
    });
  };

  return (
    <div lang="id">
      <AdminPage
        title="Kelola Notifikasi"
        description="Buat, ubah dan hapus notifikasi untuk semua pengguna."
      >
        <div className="mt-8 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          <section
            aria-labelledby="notification-form-heading"
            className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6 lg:sticky lg:top-6"
          >
            <h2 id="notification-form-heading" className="mb-5 text-lg font-semibold text-white">
              {editing ? 'Ubah Notifikasi' : 'Notifikasi Baru'}
            </h2>
            {/* A new key starts the form afresh with the values of what is being edited. */}
            <NotificationForm
              key={editing?.id ?? 'new'}
              notification={editing}
              onSaved={stopEditing}
              onCancelEdit={stopEditing}
            />
          </section>
          <section aria-labelledby="notification-list-heading" className="space-y-4">
            <h2 id="notification-list-heading" className="text-lg font-semibold text-white">
              Daftar Notifikasi
            </h2>
            {deletion.isError ? <FormAlert>{DELETE_FAILED_MESSAGE}</FormAlert> : null}
            <NotificationAdminList
              notifications={notifications.data}
              failedToLoad={notifications.isError}
              editingId={editing?.id}
              onEdit={setEditing}
              onDelete={setToDelete}
            />
          </section>
        </div>

        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(open) => !open && setToDelete(null)}
          title="Hapus notifikasi?"
          description={
            // The dialog opens outside this page's markup, so it names its language again.
            <span lang="id">
              <strong className="text-white">{toDelete && notificationTitle(toDelete)}</strong> akan
              dihapus untuk semua pengguna. Tindakan ini tidak dapat dibatalkan.
            </span>
          }
          confirmLabel="Hapus"
          cancelLabel="Batal"
          pendingLabel="Menghapus..."
          pending={deletion.isPending}
          onConfirm={confirmDelete}
        />
      </AdminPage>
    </div>
  );
}
