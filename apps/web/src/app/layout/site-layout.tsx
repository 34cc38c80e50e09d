import { Outlet } from 'react-router';
import { AuthModalsProvider } from '../../features/auth/components/auth-modals';
import { useReportPageViews } from '../../lib/use-report-page-views';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The public pages: header, content and footer, with the sign-in and sign-up modals at hand. */
export function SiteLayout() {
  useReportPageViews();
  return (
    <AuthModalsProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </AuthModalsProvider>
  );
}
