import type { TMessageResponse } from '@nexusplay/contract/lists';
import type {
  TNotificationRequest,
  TNotificationWriteResponse,
} from '@nexusplay/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export type NotificationSubmission = {
  /** Absent when creating a notification. */
  id: number | undefined;
  notification: TNotificationRequest;
};

export function createNotification(notification: TNotificationRequest) {
  return apiRequest<TNotificationWriteResponse>('/admin-notifications', {
    method: 'POST',
    body: notification,
  });
}

export function updateNotification(id: number, notification: TNotificationRequest) {
  return apiRequest<TNotificationWriteResponse>(`/admin-notifications/${id}`, {
    method: 'PUT',
    body: notification,
  });
}

export function deleteNotification(id: number) {
  return apiRequest<TMessageResponse>(`/admin-notifications/${id}`, { method: 'DELETE' });
}

/** Creates or updates a notification; every list of them, badge included, then follows. */
export function useSaveNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notification }: NotificationSubmission) =>
      id === undefined ? createNotification(notification) : updateNotification(id, notification),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
