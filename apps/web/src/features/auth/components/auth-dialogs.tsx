import type { RefObject } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import type { AuthModal } from './auth-modals-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const switchLinkClasses =
  'rounded font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline';

type AuthDialogsProps = {
  openModal: AuthModal | null;
  setOpenModal: (modal: AuthModal | null) => void;
  /** What had the focus when the first of the modals opened; it gets it back at the end. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * The sign-in and sign-up modals with their forms. Loaded only once a visitor asks for one, so
 * the form and validation code never weighs on a page that is only being read.
 */
export function AuthDialogs({ openModal, setOpenModal, returnFocusTo }: AuthDialogsProps) {
  const closeWhenDismissed = (open: boolean) => {
    if (!open) setOpenModal(null);
  };
  // The modals open without a trigger of their own, so focus goes back by hand; when one modal
  // replaces the other, it belongs in the new one instead.
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    if (openModal !== null) return;
    const opener = returnFocusTo.current;
    if (opener?.isConnected) opener.focus();
  };

  return (
    <>
      <Dialog open={openModal === 'login'} onOpenChange={closeWhenDismissed}>
        <DialogContent
          title="Sign In"
          description="Welcome back! Sign in to reach your dashboard and gaming tools."
          onCloseAutoFocus={restoreFocus}
        >
          <LoginForm
            onLoggedIn={() => setOpenModal(null)}
            onForgotPassword={() => setOpenModal(null)}
          />
          <p className="mt-6 text-center text-sm text-slate-300">
            Don&apos;t have an account?{' '}
            <button
              type="button"
              className={switchLinkClasses}
              onClick={() => setOpenModal('register')}
            >
              Sign Up
            </button>
          </p>
        </DialogContent>
      </Dialog>
      <Dialog open={openModal === 'register'} onOpenChange={closeWhenDismissed}>
        <DialogContent
          title="Sign Up"
          description="Create your account to unlock the dashboard and personal gaming tools."
          onCloseAutoFocus={restoreFocus}
        >
          <RegisterForm onRegistered={() => setOpenModal(null)} />
          <p className="mt-6 text-center text-sm text-slate-300">
            Already have an account?{' '}
            <button
              type="button"
              className={switchLinkClasses}
              onClick={() => setOpenModal('login')}
            >
              Sign In
            </button>
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}
