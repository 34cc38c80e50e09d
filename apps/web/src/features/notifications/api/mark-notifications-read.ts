import type { TMarkReadResponse, TNotification } from '@nexusplay/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export function markNotificationsRead(ids: number[]) {
  return apiRequest<TMarkReadResponse>('/admin-notifications/read', {
    method: 'POST',
    body: { ids },
  });
}

/**
 * Marks the unread notifications in `shown` as read once they are on screen, and returns the ids
 * marked here, so the page can still tell them apart as new. The shared list is updated at once,
 * so the header badge clears without waiting for the server.
 */
export function useMarkShownNotificationsRead(
  userId: number | null,
  shown: TNotification[] | undefined,
): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const queryKey = notificationKeys.list(userId);
  const [markedHere, setMarkedHere] = useState<ReadonlySet<number>>(() => new Set());
  // Each id is asked for once per visit: a failure must not turn into a loop of retries.
  const requested = useRef(new Set<number>());

  const { mutate } = useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      setMarkedHere((current) => new Set([...current, ...ids]));
      // A list read already under way could answer from before the marking and undo it.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<TNotification[]>(queryKey, (notifications) =>
        notifications?.map((notification) =>
          ids.includes(notification.id) ? { ...notification, read: true } : notification,
        ),
      );
    },
    onError: (error) => console.error('The notifications could not be marked as read.', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  useEffect(() => {
    const ids = (shown ?? [])
      .filter((notification) => !notification.read && !requested.current.has(notification.id))
      .map((notification) => notification.id);
    if (ids.length === 0) return;
    for (const id of ids) requested.current.add(id);
    mutate(ids);
  }, [shown, mutate]);

  return markedHere;
}
