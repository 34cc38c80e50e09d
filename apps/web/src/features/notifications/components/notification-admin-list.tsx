import type { TNotification } from '@nexusplay/contract/notifications';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';
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
  if (failedToLoad) {
    return (
      <p className="text-sm text-slate-300">
        Notifikasi tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.
      </p>
    );
  }
  if (notifications === undefined) {
    return (
      <div aria-busy="true" className="space-y-3">
        <p className="sr-only">Memuat notifikasi...</p>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (notifications.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-700 px-4 py-10 text-center text-slate-300">
        Belum ada notifikasi.
      </p>
    );
  }

  return (
    <ul className="space-y-3">
      {notifications.map((notification) => {
        const isEditing = notification.id === editingId;
        return (
          <li
            key={notification.id}
            aria-current={isEditing ? 'true' : undefined}
            className={cx(
              'rounded-xl border p-4',
              isEditing
                ? 'border-indigo-500/60 bg-indigo-500/10'
                : 'border-slate-800 bg-slate-900/60',
            )}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              {/* Below 12rem beside the buttons, a long title takes a line of its own. */}
              <div className="min-w-0 flex-[1_1_12rem]">
                <h3 className="font-semibold break-words text-white">
                  {notificationTitle(notification)}
                </h3>
                <NotificationTime value={notification.created_at} />
              </div>
              <div className="flex shrink-0 gap-1">
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
            </div>
            <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-300">
              {notification.message}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
