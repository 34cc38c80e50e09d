import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button';
import { PageTitle } from '../../components/ui/page';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center px-4 pt-28 pb-20 text-center">
      <PageTitle title="Page Not Found" />
      <h1 className="text-3xl font-extrabold text-white sm:text-4xl">404 - Page Not Found</h1>
      <p className="mt-4 max-w-md text-lg text-slate-300">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonStyles('primary', 'mt-8 px-6 py-3')}>
        Back to Home
      </Link>
    </div>
  );
}
