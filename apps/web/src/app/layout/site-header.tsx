import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { Drawer, DrawerContent, DrawerTrigger } from '../../components/ui/drawer';
import { MenuIcon } from 'lucide-react';
import { ProfileMenu } from '../../features/account/components/profile-menu';
import { useAuthModals } from '../../features/auth/components/auth-modals-context';
import { useUnreadNotificationCount } from '../../features/notifications/api/get-notifications';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/class-names';
import { getSiteName } from '../../lib/site';
import { useScrolledPast } from '../../lib/use-scrolled-past';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/games', label: 'Games' },
  { to: '/tools', label: 'Tools' },
  { to: '/blogs', label: 'Blog' },
  { to: '/about', label: 'About' },
];

const SOLID_AFTER_PX = 50;

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-white/10 text-white' : 'text-slate-200 hover:bg-white/5 hover:text-white',
  );
}

export function SiteHeader() {
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const { isLoggedIn } = useAuth();
  const { openLogin, openRegister } = useAuthModals();

  return (
    <header
      className={cx(
        'fixed inset-x-0 top-0 z-40 transition-colors duration-300',
        scrolled ? 'bg-black/70 shadow-lg shadow-black/30 backdrop-blur-md' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md text-xl font-extrabold tracking-tight text-white">
          {getSiteName()}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'} className={navLinkClasses}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {isLoggedIn ? (
            <SignedInMenu />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button variant="ghost" onClick={openLogin}>
                Sign In
              </Button>
              <Button onClick={openRegister}>Sign Up</Button>
            </div>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** The profile menu with its unread badge; the notifications are only asked for while it shows. */
function SignedInMenu() {
  const unread = useUnreadNotificationCount();
  return <ProfileMenu unreadNotifications={unread} />;
}

/** Below the md breakpoint the links move into a side drawer. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { isLoggedIn } = useAuth();
  const { openModal, openLogin, openRegister } = useAuthModals();

  const closeThen = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger
        aria-label="Open menu"
        className="rounded-lg p-2 text-slate-100 transition-colors hover:bg-white/10 md:hidden"
      >
        <MenuIcon className="size-6" />
      </DrawerTrigger>
      <DrawerContent
        title="Menu"
        closeLabel="Close menu"
        // A modal opened from the drawer takes the focus; handing it back to the menu button would fight it.
        onCloseAutoFocus={(event) => {
          if (openModal !== null) event.preventDefault();
        }}
      >
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  onClick={() => setOpen(false)}
                  className={(state) => cx(navLinkClasses(state), 'block text-base')}
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {isLoggedIn ? null : (
          <div className="mt-auto flex flex-col gap-3 border-t border-slate-800 pt-6">
            <Button variant="secondary" onClick={closeThen(openLogin)}>
              Sign In
            </Button>
            <Button onClick={closeThen(openRegister)}>Sign Up</Button>
          </div>
        )}
      </DrawerContent>
    </Drawer>
  );
}
