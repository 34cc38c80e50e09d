import { AdminPage } from './admin-page';

export function AdminDashboardPage() {
  return (
    <AdminPage
      title="Dashboard"
      description="Site statistics: users, articles, games and visitors at a glance."
    />
  );
}
