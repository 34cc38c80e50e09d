import type { TNotification } from '@nexusplay/contract/notifications';
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
};

export function getNotifications(signal?: AbortSignal) {
  return apiRequest<TNotification[]>('/admin-notifications', { signal });
}

/** Every notification, newest first. The header badge and the dashboard share this query. */
export function notificationsQuery(userId: number | null) {
  return queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ signal }) => getNotifications(signal),
  });
}

function countUnread(notifications: TNotification[]): number {
  return notifications.filter((notification) => !notification.read).length;
}

/**
 * The number of notifications the signed-in user has not read. It is asked for when the caller
 * first renders and again whenever the window regains focus; a failure is only logged (by the
 * query cache) and counts as none (SPEC 8).
 */
export function useUnreadNotificationCount(): number {
  const { userId } = useAuth();
  const { data } = useQuery({ ...notificationsQuery(userId), select: countUnread });
  return data ?? 0;
}
