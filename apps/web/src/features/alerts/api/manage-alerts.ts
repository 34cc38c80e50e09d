import type {
  TAlertDeleteResponse,
  TAlertSettings,
  TAlertSettingsResponse,
  TAlertWriteResponse,
  TCreateAlertRequest,
  TUpdateAlertRequest,
} from '@nexusplay/contract/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './get-alerts';

export type AlertSubmission =
  { id: undefined; alert: TCreateAlertRequest } | { id: number; alert: TUpdateAlertRequest };

export function createAlert(alert: TCreateAlertRequest) {
  return apiRequest<TAlertWriteResponse>('/alerts', { method: 'POST', body: alert });
}

export function updateAlert(id: number, alert: TUpdateAlertRequest) {
  return apiRequest<TAlertWriteResponse>(`/alerts/${id}`, { method: 'PATCH', body: alert });
}

export function deleteAlert(id: number) {
  return apiRequest<TAlertDeleteResponse>(`/alerts/${id}`, { method: 'DELETE' });
}

export function setAlertSettings(settings: TAlertSettings) {
  return apiRequest<TAlertSettingsResponse>('/alerts/settings', { method: 'PUT', body: settings });
}

export function useSaveAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: AlertSubmission) =>
      submission.id === undefined
        ? createAlert(submission.alert)
        : updateAlert(submission.id, submission.alert),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** The switch shows the stored answer at once; the list of alerts is not touched. */
export function useSetMailIncomeMutation(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailIncome: boolean) => setAlertSettings({ mail_income: mailIncome }),
    onSuccess: ({ mail_income }) =>
      queryClient.setQueryData<TAlertSettings>(alertKeys.settings(userId), { mail_income }),
  });
}
