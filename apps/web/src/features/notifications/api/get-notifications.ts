import type { TBellNotification, TNotification } from '@nexusplay/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

/**
 * Every notifications query starts with 'notifications', so a change refreshes all of them. The
 * list is kept per user because `read` is the signed-in user's own state.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: number | null) => ['notifications', 'list', userId] as const,
  bell: (userId: number | null) => ['notifications', 'bell', userId] as const,
};

export function getNotifications(signal?: AbortSignal) {
  return apiRequest<TNotification[]>('/admin-notifications', { signal });
}

/** The admins' broadcasts, newest first: what the admin page manages. */
export function notificationsQuery(userId: number | null) {
  return queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ signal }) => getNotifications(signal),
  });
}

export function getBell(signal?: AbortSignal) {
  return apiRequest<TBellNotification[]>('/notifications', { signal });
}

/**
 * The user's bell: the admins' broadcasts and the user's own personal notifications, newest
 * first. The header badge and the dashboard share this query.
 */
export function bellQuery(userId: number | null) {
  return queryOptions({
    queryKey: notificationKeys.bell(userId),
    queryFn: ({ signal }) => getBell(signal),
  });
}

/** Names an item of the bell: each kind numbers its own, so the id alone may repeat. */
export function bellItemKey(item: Pick<TBellNotification, 'kind' | 'id'>): string {
  return `${item.kind}-${item.id}`;
}

function countUnread(notifications: TBellNotification[]): number {
  return notifications.filter((notification) => !notification.read).length;
}

/**
 * The number of notifications, of both kinds, the signed-in user has not read. It is asked for when the caller
 * first renders and again whenever the window regains focus; a failure is only logged (by the
 * query cache) and counts as none (SPEC 8).
 */
export function useUnreadNotificationCount(): number {
  const { userId } = useAuth();
  const { data } = useQuery({ ...bellQuery(userId), select: countUnread });
  return data ?? 0;
}
