import { AdminPage } from './admin-page';

export function ManageToolsPage() {
  return (
    <AdminPage
      title="Manage Tools"
      description="Add, edit and remove the tools presented to players."
    />
  );
}
