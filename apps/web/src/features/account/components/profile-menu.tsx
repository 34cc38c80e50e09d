import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import {
  ActivityIcon,
  BellRingIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  UserCogIcon,
} from 'lucide-react';
import { useAuth } from '../../../lib/auth';

type ProfileMenuProps = {
  /** Unread admin notifications; the badge only appears when there are some. */
  unreadNotifications?: number;
};

const itemClasses =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-white/10';

export function ProfileMenu({ unreadNotifications = 0 }: ProfileMenuProps) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const email = user?.email;
  const shortName = email?.split('@')[0] || 'Guest';
  const initial = shortName.charAt(0).toUpperCase();
  const hasUnread = unreadNotifications > 0;

  const leaveAndLogout = () => {
    // flushSync commits the start of this navigation at once, so a guarded page being left sees it
    // under way and does not send the now signed-out visitor to sign in instead.
    void navigate('/', { flushSync: true });
    logout();
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${shortName}${hasUnread ? `, ${unreadNotifications} unread notifications` : ''}`}
        className="flex min-w-0 items-center gap-2 rounded-full border border-slate-700 bg-slate-900/70 py-1 pr-3 pl-1 text-sm font-medium text-slate-100 transition-colors hover:border-indigo-400 data-[state=open]:border-indigo-400"
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-fuchsia-500 font-bold text-white"
        >
          {initial}
        </span>
        <span className="max-w-[8rem] truncate" title={shortName}>
          {shortName}
        </span>
        {hasUnread ? (
          <span
            aria-hidden="true"
            className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
          >
            {unreadNotifications}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-700 bg-slate-900 p-2 text-slate-100 shadow-2xl shadow-black/50 motion-safe:animate-fade-in"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-sm font-semibold wrap-anywhere text-white">
              {email ?? 'Guest'}
            </span>
            <span className="mt-0.5 block text-xs text-slate-300">{user?.role || 'User'}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-700" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/dashboard">
              <LayoutDashboardIcon className="size-4" />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/activity">
              <ActivityIcon className="size-4" />
              Activity
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/alerts">
              <BellRingIcon className="size-4" />
              Price alerts
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/account">
              <UserCogIcon className="size-4" />
              Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={leaveAndLogout}
            className={`${itemClasses} font-semibold text-red-400`}
          >
            <LogOutIcon className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
