import { useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { AuthModalsContext, type AuthModal } from './auth-modals-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const switchLinkClasses =
  'rounded font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline';

/** Provides the sign-in and sign-up modals to everything inside it. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [openModal, setOpenModal] = useState<AuthModal | null>(null);

  const value = useMemo(
    () => ({
      openModal,
      openLogin: () => setOpenModal('login'),
      openRegister: () => setOpenModal('register'),
      closeModal: () => setOpenModal(null),
    }),
    [openModal],
  );

  const closeWhenDismissed = (open: boolean) => {
    if (!open) setOpenModal(null);
  };
  // When one modal replaces the other, focus belongs in the new one, not back on the opener.
  const keepFocusWhenSwitching = (event: Event) => {
    if (openModal !== null) event.preventDefault();
  };

  return (
    <AuthModalsContext value={value}>
      {children}
      <Dialog open={openModal === 'login'} onOpenChange={closeWhenDismissed}>
        <DialogContent
          title="Sign In"
          description="Welcome back! Sign in to reach your dashboard and gaming tools."
          onCloseAutoFocus={keepFocusWhenSwitching}
        >
          <LoginForm onLoggedIn={() => setOpenModal(null)} />
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
          onCloseAutoFocus={keepFocusWhenSwitching}
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
    </AuthModalsContext>
  );
}
