import { createContext, use } from 'react';

export type AuthModal = 'login' | 'register';

export type AuthModalsContextValue = {
  /** Only one of the two can be open at a time. */
  openModal: AuthModal | null;
  openLogin: () => void;
  openRegister: () => void;
  closeModal: () => void;
};

export const AuthModalsContext = createContext<AuthModalsContextValue | null>(null);

export function useAuthModals(): AuthModalsContextValue {
  const value = use(AuthModalsContext);
  if (value === null) throw new Error('useAuthModals must be used inside <AuthModalsProvider>.');
  return value;
}
