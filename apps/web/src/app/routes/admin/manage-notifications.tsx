import { AdminPage } from './admin-page';

export function ManageNotificationsPage() {
  return (
    <AdminPage
      title="Manage Notifications"
      description="Buat, ubah dan hapus notifikasi untuk semua pengguna."
      descriptionLang="id"
    />
  );
}
