import { NotificationsAdmin } from '../../../features/notifications/components/notifications-admin';

export function ManageNotificationsPage() {
  return <NotificationsAdmin />;
}
