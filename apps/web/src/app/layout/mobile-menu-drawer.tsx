import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { Drawer, DrawerContent } from '../../components/ui/drawer';
import { useAuthModals } from '../../features/auth/components/auth-modals-context';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/class-names';
import { NAV_LINKS, navLinkClasses } from './nav-links';

type MobileMenuDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the drawer closes. */
  menuButton: RefObject<HTMLButtonElement | null>;
};

/** The side drawer that holds the links below the md breakpoint. Loaded on first opening. */
export function MobileMenuDrawer({ open, onOpenChange, menuButton }: MobileMenuDrawerProps) {
  const { isLoggedIn } = useAuth();
  const { openModal, openLogin, openRegister } = useAuthModals();

  const closeThen = (action: () => void) => () => {
    onOpenChange(false);
    action();
  };

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerContent
        title="Menu"
        closeLabel="Close menu"
        // The drawer opens without a trigger of its own, so the focus goes back by hand, unless a
        // modal opened from here has taken it.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (openModal === null) menuButton.current?.focus();
        }}
      >
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  onClick={() => onOpenChange(false)}
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
