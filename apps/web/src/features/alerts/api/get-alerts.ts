import type { TAlertList, TAlertSettings } from '@nexusplay/contract/alerts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every alerts query starts with 'alerts', so a change to an alert refreshes them all. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (userId: number) => ['alerts', userId, 'list'] as const,
  settings: (userId: number) => ['alerts', userId, 'settings'] as const,
};

/** The signed-in user's alerts, all of them (a user keeps at most `max`), oldest first. */
export function getAlerts(signal?: AbortSignal) {
  return apiRequest<TAlertList>('/alerts', { signal });
}

export function getAlertSettings(signal?: AbortSignal) {
  return apiRequest<TAlertSettings>('/alerts/settings', { signal });
}

export function alertsQuery(userId: number) {
  return queryOptions({
    queryKey: alertKeys.list(userId),
    queryFn: ({ signal }) => getAlerts(signal),
  });
}

export function alertSettingsQuery(userId: number) {
  return queryOptions({
    queryKey: alertKeys.settings(userId),
    queryFn: ({ signal }) => getAlertSettings(signal),
  });
}
