import { AdminPage } from './admin-page';

export function ManageUsersPage() {
  return (
    <AdminPage
      title="Manage Users"
      description="Add, edit and remove user accounts and their roles."
    />
  );
}
