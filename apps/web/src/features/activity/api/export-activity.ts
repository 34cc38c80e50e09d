import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file';
import { activityQueryString, type ActivityFilter } from './activity-filter';

/** The transfers the filter shows, every page of them, as the server writes them in CSV. */
export function exportActivity(filter: ActivityFilter) {
  return downloadApiFile(`/activity/export${activityQueryString(filter, false)}`, 'activity.csv');
}

export function useExportActivityMutation() {
  return useMutation({ mutationFn: exportActivity });
}
