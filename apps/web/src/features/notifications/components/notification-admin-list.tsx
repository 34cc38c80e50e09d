import type { TNotification } from '@nexusplay/contract/notifications';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { PagedTable } from '../../../components/ui/paged-table';
import { notificationTitle } from './notification-display';
import { NotificationTime } from './notification-time';

type NotificationAdminListProps = {
  /** Undefined while the list is on its way. */
  notifications: TNotification[] | undefined;
  failedToLoad: boolean;
  /** The notification open in the form, marked in the list. */
  editingId: number | undefined;
  onEdit: (notification: TNotification) => void;
  onDelete: (notification: TNotification) => void;
};

/** The notifications every user receives, each with its edit and delete buttons. */
export function NotificationAdminList({
  notifications,
  failedToLoad,
  editingId,
  onEdit,
  onDelete,
}: NotificationAdminListProps) {
  const columns: Column<TNotification>[] = [
    {
      header: 'Judul',
      rowHeader: true,
      cell: (notification) => (
        <span className="flex max-w-64 min-w-32 flex-col gap-0.5">
          <span className="font-semibold wrap-anywhere text-white">
            {notificationTitle(notification)}
          </span>
          <NotificationTime value={notification.created_at} />
        </span>
      ),
    },
    {
      header: 'Pesan',
      cell: (notification) => (
        <p className="min-w-48 wrap-anywhere whitespace-pre-line text-slate-300">
          {notification.message}
        </p>
      ),
    },
    {
      header: 'Aksi',
      className: 'text-right',
      cell: (notification) => (
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Ubah ${notificationTitle(notification)}`}
            onClick={() => onEdit(notification)}
          >
            <PencilIcon aria-hidden="true" className="size-4" />
            Ubah
          </Button>
          <Button
            variant="ghost-danger"
            size="sm"
            aria-label={`Hapus ${notificationTitle(notification)}`}
            onClick={() => onDelete(notification)}
          >
            <Trash2Icon aria-hidden="true" className="size-4" />
            Hapus
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      {notifications === undefined && !failedToLoad ? (
        <p className="sr-only">Memuat notifikasi...</p>
      ) : null}
      <PagedTable
        caption="Daftar Notifikasi"
        columns={columns}
        rows={notifications}
        failed={failedToLoad}
        rowKey={(notification) => notification.id}
        rowCurrent={(notification) => notification.id === editingId}
        emptyText={{
          none: 'Belum ada notifikasi.',
          failed: 'Notifikasi tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.',
        }}
        skeletonRows={3}
        // Beside the form on a wide screen the list has little room: its columns wrap their text
        // rather than hold a width that would scroll the table sideways there too.
        layout={{ minWidth: 'none' }}
      />
    </>
  );
}
