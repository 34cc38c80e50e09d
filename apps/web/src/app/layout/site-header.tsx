import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { MenuIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { preloadAuthModals } from '../../features/auth/components/auth-modals';
import { useAuthModals } from '../../features/auth/components/auth-modals-context';
import { useUnreadNotificationCount } from '../../features/notifications/api/get-notifications';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/class-names';
import { getSiteName } from '../../lib/site';
import { useScrolledPast } from '../../lib/use-scrolled-past';
import { NAV_LINKS, navLinkClasses } from './nav-links';

// Menus that a first visit does not open are loaded when they are needed, with their Radix parts.
const ProfileMenu = lazy(async () => ({
  default: (await import('../../features/account/components/profile-menu')).ProfileMenu,
}));
const MobileMenuDrawer = lazy(async () => ({
  default: (await import('./mobile-menu-drawer')).MobileMenuDrawer,
}));

const SOLID_AFTER_PX = 50;

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
        <Link
          to="/"
          className="shrink-0 rounded-md text-xl font-extrabold tracking-tight text-white"
        >
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
        {/* May narrow on a phone: the account menu then shortens the name it shows. */}
        <div className="flex min-w-0 items-center gap-2">
          {isLoggedIn ? (
            <SignedInMenu />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button
                variant="ghost"
                onClick={openLogin}
                onPointerEnter={preloadAuthModals}
                onFocus={preloadAuthModals}
              >
                Sign In
              </Button>
              <Button
                onClick={openRegister}
                onPointerEnter={preloadAuthModals}
                onFocus={preloadAuthModals}
              >
                Sign Up
              </Button>
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
  return (
    <Suspense fallback={<ProfileMenuPlaceholder />}>
      <ProfileMenu unreadNotifications={unread} />
    </Suspense>
  );
}

/** Holds the menu's place while its code arrives, so the header does not jump. */
function ProfileMenuPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="block h-10 w-28 rounded-full border border-slate-700 bg-slate-900/70"
    />
  );
}

/** Below the md breakpoint the links move into a side drawer. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  // The drawer stays mounted after its first opening, so that closing can run its course.
  const [requested, setRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setOpen(false), []);

  return (
    <>
      <button
        ref={menuButton}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
          setRequested(true);
        }}
        className="rounded-lg p-2 text-slate-100 transition-colors hover:bg-white/10 md:hidden"
      >
        <MenuIcon className="size-6" aria-hidden="true" />
      </button>
      {requested ? (
        <Suspense fallback={open ? <LoadingOverlay onCancel={closeMenu} /> : null}>
          <MobileMenuDrawer open={open} onOpenChange={setOpen} menuButton={menuButton} />
        </Suspense>
      ) : null}
    </>
  );
}
