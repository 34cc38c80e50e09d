import { Link } from 'react-router';
import { AdminPage } from '../../../components/ui/admin-page';

export function AdminNotFoundPage() {
  return (
    <AdminPage title="404 - Page Not Found" description="This admin page does not exist.">
      <Link
        to="/admin/dashboard"
        className="mt-6 inline-block rounded-md font-semibold text-indigo-300 hover:text-indigo-200"
      >
        Back to the admin dashboard
      </Link>
    </AdminPage>
  );
}
