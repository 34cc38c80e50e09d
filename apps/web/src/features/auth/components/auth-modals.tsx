import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { AuthModalsContext, type AuthModal } from './auth-modals-context';

const loadAuthDialogs = () => import('./auth-dialogs');

const AuthDialogs = lazy(async () => ({ default: (await loadAuthDialogs()).AuthDialogs }));

/**
 * Starts fetching the modals' code before it is asked for, e.g. when a pointer comes near a
 * button that opens one, so that the modal usually opens at once.
 */
export function preloadAuthModals() {
  void loadAuthDialogs().catch(() => {
    // Opening the modal tries again and reports a failure where it can be seen.
  });
}

/** Provides the sign-in and sign-up modals to everything inside it. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [openModal, setOpenModal] = useState<AuthModal | null>(null);
  // Mounted from the first opening on, so that closing can run its course (focus, animation).
  const [requested, setRequested] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const open = useCallback(
    (modal: AuthModal) => {
      if (openModal === null && document.activeElement instanceof HTMLElement) {
        returnFocusTo.current = document.activeElement;
      }
      setOpenModal(modal);
      setRequested(true);
    },
    [openModal],
  );
  const closeModal = useCallback(() => setOpenModal(null), []);

  const value = useMemo(
    () => ({
      openModal,
      openLogin: () => open('login'),
      openRegister: () => open('register'),
      closeModal,
    }),
    [openModal, open, closeModal],
  );

  return (
    <AuthModalsContext value={value}>
      {children}
      {requested ? (
        <Suspense fallback={openModal === null ? null : <LoadingOverlay onCancel={closeModal} />}>
          <AuthDialogs
            openModal={openModal}
            setOpenModal={setOpenModal}
            returnFocusTo={returnFocusTo}
          />
        </Suspense>
      ) : null}
    </AuthModalsContext>
  );
}
