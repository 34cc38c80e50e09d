import { AdminPage } from './admin-page';

export function ManageBlogsPage() {
  return (
    <AdminPage
      title="Manage Blogs"
      description="Write, edit and remove the articles shown on the blog."
    />
  );
}
