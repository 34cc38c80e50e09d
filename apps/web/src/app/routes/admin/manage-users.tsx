import { UsersAdmin } from '../../../features/users/components/users-admin';

export function ManageUsersPage() {
  return <UsersAdmin />;
}
