import type {
  TBellNotification,
  TMarkBellReadRequest,
  TMarkReadResponse,
} from '@nexusplay/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { bellItemKey, notificationKeys } from './get-notifications';

export function markBellRead(ids: TMarkBellReadRequest) {
  return apiRequest<TMarkReadResponse>('/notifications/read', { method: 'POST', body: ids });
}

/** The ids of `items` by kind, as the server marks them. */
function idsByKind(items: TBellNotification[]): Required<TMarkBellReadRequest> {
  const ids = { broadcast_ids: [] as number[], personal_ids: [] as number[] };
  for (const item of items) {
    (item.kind === 'personal' ? ids.personal_ids : ids.broadcast_ids).push(item.id);
  }
  return ids;
}

/**
 * Marks the unread items of the bell in `shown` (broadcasts and personal ones alike) as read
 * once they are on screen, and returns the keys (bellItemKey) of those marked here, so the page
 * can still tell them apart as new. The shared list is updated at once, so the header badge
 * clears without waiting for the server.
 */
export function useMarkShownNotificationsRead(
  userId: number | null,
  shown: TBellNotification[] | undefined,
): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const queryKey = notificationKeys.bell(userId);
  const [markedHere, setMarkedHere] = useState<ReadonlySet<string>>(() => new Set());
  // Each item is asked for once per visit: a failure must not turn into a loop of retries.
  const requested = useRef(new Set<string>());

  const { mutate } = useMutation({
    mutationFn: (items: TBellNotification[]) => markBellRead(idsByKind(items)),
    onMutate: async (items) => {
      const keys = new Set(items.map(bellItemKey));
      setMarkedHere((current) => new Set([...current, ...keys]));
      // A list read already under way could answer from before the marking and undo it.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<TBellNotification[]>(queryKey, (notifications) =>
        notifications?.map((notification) =>
          keys.has(bellItemKey(notification)) ? { ...notification, read: true } : notification,
        ),
      );
    },
    onError: (error) => console.error('The notifications could not be marked as read.', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  useEffect(() => {
    const items = (shown ?? []).filter(
      (notification) => !notification.read && !requested.current.has(bellItemKey(notification)),
    );
    if (items.length === 0) return;
    for (const item of items) requested.current.add(bellItemKey(item));
    mutate(items);
  }, [shown, mutate]);

  return markedHere;
}
