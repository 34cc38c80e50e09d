import type { ComponentType, SVGProps } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import {
  ArrowLeftIcon,
  BellIcon,
  Gamepad2Icon,
  LayoutDashboardIcon,
  LogOutIcon,
  NewspaperIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/class-names';

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

const itemClasses =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';

type AdminNavProps = {
  /** Icons only, each named by its tooltip and for screen readers: the folded sidebar. */
  iconsOnly?: boolean;
  /** Called as a link is followed, so that a drawer holding the links can close. */
  onNavigate?: () => void;
};

/** The admin sections, then the way back to the site and out: the sidebar's and the drawer's. */
export function AdminNav({ iconsOnly = false, onNavigate }: AdminNavProps) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The bare /admin address shows the dashboard too, so its link should look current there.
  const onAdminHome = pathname.replace(/\/$/, '') === '/admin';
  const label = (text: string) => <span className={iconsOnly ? 'sr-only' : undefined}>{text}</span>;

  const leaveAndLogout = () => {
    onNavigate?.();
    // flushSync commits the start of this navigation at once, so the admin guard sees it under way
    // and does not send the now signed-out visitor to sign in instead.
    void navigate('/', { flushSync: true });
    logout();
  };

  return (
    <>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {ADMIN_LINKS.map(({ to, label: text, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                title={iconsOnly ? text : undefined}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cx(
                    itemClasses,
                    iconsOnly && 'justify-center',
                    isActive || (onAdminHome && to === '/admin/dashboard')
                      ? 'bg-indigo-600 text-white'
                      : 'text-slate-300 hover:bg-white/5 hover:text-white',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label(text)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-slate-800 p-3">
        <Link
          to="/"
          title={iconsOnly ? 'Back to site' : undefined}
          onClick={onNavigate}
          className={cx(
            itemClasses,
            iconsOnly && 'justify-center',
            'text-slate-300 hover:bg-white/5 hover:text-white',
          )}
        >
          <ArrowLeftIcon aria-hidden="true" className="size-5 shrink-0" />
          {label('Back to site')}
        </Link>
        <button
          type="button"
          onClick={leaveAndLogout}
          title={iconsOnly ? 'Logout' : undefined}
          className={cx(
            itemClasses,
            'w-full text-red-400 hover:bg-red-500/10',
            iconsOnly && 'justify-center',
          )}
        >
          <LogOutIcon aria-hidden="true" className="size-5 shrink-0" />
          {label('Logout')}
        </button>
      </div>
    </>
  );
}
