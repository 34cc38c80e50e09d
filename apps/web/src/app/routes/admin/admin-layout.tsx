import { useState, type ComponentType, type SVGProps } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import {
  ArrowLeftIcon,
  BellIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  Gamepad2Icon,
  LayoutDashboardIcon,
  LogOutIcon,
  NewspaperIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react';
import { useAuth } from '../../../lib/auth';
import { cx } from '../../../lib/class-names';

type AdminLink = {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const ADMIN_LINKS: AdminLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard', Icon: LayoutDashboardIcon },
  { to: '/admin/users', label: 'Users', Icon: UsersIcon },
  { to: '/admin/blogs', label: 'Blogs', Icon: NewspaperIcon },
  { to: '/admin/games', label: 'Games', Icon: Gamepad2Icon },
  { to: '/admin/tools', label: 'Tools', Icon: WrenchIcon },
  { to: '/admin/notifications', label: 'Notifications', Icon: BellIcon },
];

const SIDEBAR_ID = 'admin-sidebar';

const sidebarItemClasses =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';

/** The admin shell: a sidebar that folds down to icons, and the page beside it. */
export function AdminLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The bare /admin address shows the dashboard too, so its link should look current there.
  const onAdminHome = pathname.replace(/\/$/, '') === '/admin';

  const leaveAndLogout = () => {
    // flushSync commits the start of this navigation at once, so the admin guard sees it under way
    // and does not send the now signed-out visitor to sign in instead.
    void navigate('/', { flushSync: true });
    logout();
  };

  return (
    <div className="min-h-dvh bg-slate-950">
      <aside
        id={SIDEBAR_ID}
        aria-label="Admin"
        className={cx(
          'fixed inset-y-0 left-0 z-30 flex flex-col border-r border-slate-800 bg-slate-900 transition-[width] duration-200',
          sidebarOpen ? 'w-64' : 'w-20',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-800 px-4">
          {sidebarOpen ? (
            <span className="truncate text-lg font-bold text-white">Admin Panel</span>
          ) : null}
          <button
            type="button"
            onClick={() => setSidebarOpen((open) => !open)}
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            className="mx-auto rounded-lg p-2 text-slate-300 transition-colors hover:bg-white/10 hover:text-white"
          >
            {sidebarOpen ? (
              <ChevronLeftIcon className="size-5" />
            ) : (
              <ChevronRightIcon className="size-5" />
            )}
          </button>
        </div>
        <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            {ADMIN_LINKS.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={sidebarOpen ? undefined : label}
                  className={({ isActive }) =>
                    cx(
                      sidebarItemClasses,
                      !sidebarOpen && 'justify-center',
                      isActive || (onAdminHome && to === '/admin/dashboard')
                        ? 'bg-indigo-600 text-white'
                        : 'text-slate-300 hover:bg-white/5 hover:text-white',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" />
                  <span className={sidebarOpen ? undefined : 'sr-only'}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-1 border-t border-slate-800 p-3">
          <Link
            to="/"
            title={sidebarOpen ? undefined : 'Back to site'}
            className={cx(
              sidebarItemClasses,
              !sidebarOpen && 'justify-center',
              'text-slate-300 hover:bg-white/5 hover:text-white',
            )}
          >
            <ArrowLeftIcon className="size-5 shrink-0" />
            <span className={sidebarOpen ? undefined : 'sr-only'}>Back to site</span>
          </Link>
          <button
            type="button"
            onClick={leaveAndLogout}
            title={sidebarOpen ? undefined : 'Logout'}
            className={cx(
              sidebarItemClasses,
              'w-full text-red-400 hover:bg-red-500/10',
              !sidebarOpen && 'justify-center',
            )}
          >
            <LogOutIcon className="size-5 shrink-0" />
            <span className={sidebarOpen ? undefined : 'sr-only'}>Logout</span>
          </button>
        </div>
      </aside>
      <div
        className={cx(
          'flex min-h-dvh flex-col transition-[margin] duration-200',
          sidebarOpen ? 'ml-64' : 'ml-20',
        )}
      >
        <main className="flex-1 p-6 lg:p-10">
          <Outlet />
        </main>
        <footer className="border-t border-slate-800 px-6 py-4 text-center text-sm text-slate-400 lg:px-10">
          © 2025 Admin Dashboard
        </footer>
      </div>
    </div>
  );
}
