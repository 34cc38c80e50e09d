import { useQuery } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { useAuth } from '../../../lib/auth';
import { cx } from '../../../lib/class-names';
import { bellItemKey, bellQuery } from '../api/get-notifications';
import { useMarkShownNotificationsRead } from '../api/mark-notifications-read';
import { notificationTitle } from './notification-display';
import { NotificationTime } from './notification-time';

/**
 * The user's bell: the admins' notifications and the user's own personal ones (such as income
 * that arrived on chain), newest first. Opening the list marks the unread ones as read; they keep
 * their "Baru" mark until the visitor leaves the page.
 */
export function NotificationFeed() {
  const { userId } = useAuth();
  const notifications = useQuery(bellQuery(userId));
  const markedHere = useMarkShownNotificationsRead(userId, notifications.data);

  if (notifications.isPending) {
    return (
      <p role="status" className="mt-6 text-sm text-slate-300">
        Memuat notifikasi...
      </p>
    );
  }
  if (notifications.isError) {
    return (
      <p className="mt-6 text-sm text-slate-300">
        Notifikasi tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.
      </p>
    );
  }
  if (notifications.data.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-700 px-4 py-10 text-center text-slate-300">
        <BellIcon aria-hidden="true" className="size-8 text-slate-500" />
        <p>Tidak ada notifikasi saat ini.</p>
      </div>
    );
  }

  return (
    <ul className="mt-6 space-y-3">
      {notifications.data.map((notification) => {
        const key = bellItemKey(notification);
        const isNew = !notification.read || markedHere.has(key);
        return (
          <li
            key={key}
            className={cx(
              'rounded-xl border p-4',
              isNew ? 'border-indigo-500/60 bg-indigo-500/10' : 'border-slate-800 bg-slate-950/60',
            )}
          >
            <article aria-labelledby={`notification-${key}`}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3
                  id={`notification-${key}`}
                  className="min-w-0 font-semibold wrap-anywhere text-white"
                >
                  {notificationTitle(notification)}
                </h3>
                {isNew ? (
                  <span className="rounded-full bg-indigo-500 px-2 py-0.5 text-xs font-bold text-white">
                    Baru
                  </span>
                ) : null}
                <span className="ml-auto">
                  <NotificationTime value={notification.created_at} />
                </span>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-300">
                {notification.message}
              </p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
