import { AdminPage } from './admin-page';

export function ManageGamesPage() {
  return (
    <AdminPage
      title="Manage Games"
      description="Add, edit and remove the games listed on the site."
    />
  );
}
