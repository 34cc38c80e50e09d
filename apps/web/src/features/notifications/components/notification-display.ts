import { textOr } from '../../../lib/display';

/** The title to show, with a stand-in when a notification has none (README, "Missing values"). */
export function notificationTitle(notification: { title?: string | null }): string {
  return textOr(notification.title, 'Tanpa judul');
}
