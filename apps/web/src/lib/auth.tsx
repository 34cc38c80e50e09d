import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { readSession, type Session, type SessionUser } from './auth-session';
import { clearStoredToken, getStoredToken, storeToken, subscribeToStoredToken } from './auth-token';
import { endServerSession } from './end-session';

export type AuthContextValue = {
  token: string | null;
  userId: number | null;
  user: SessionUser | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** True until the stored token has been checked. */
  isAuthenticating: boolean;
  /** Returns whether the token was readable and is now the session. */
  login: (token: string) => boolean;
  logout: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** setTimeout overflows past this delay (about 24.8 days) and would fire at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

function readStoredSession(): Session | null {
  const token = getStoredToken();
  if (token === null) return null;
  const reading = readSession(token, Date.now());
  return reading.status === 'valid' ? reading.session : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The stored token is checked before the first render so that no screen ever shows a signed-in
  // state, or sends a request, on the strength of an expired token.
  const [startup] = useState(() => {
    const token = getStoredToken();
    return token === null ? null : readSession(token, Date.now());
  });
  const [session, setSession] = useState<Session | null>(
    startup?.status === 'valid' ? startup.session : null,
  );

  useEffect(
    () =>
      subscribeToStoredToken(() => {
        const next = readStoredSession();
        setSession((current) => (current?.token === next?.token ? current : next));
      }),
    [],
  );

  useEffect(() => {
    if (startup === null || startup.status === 'valid') return;
    if (startup.status === 'expired') {
      console.warn('The stored session has expired; signing out.');
    } else {
      console.error('The stored session token could not be read; signing out.', startup.reason);
    }
    clearStoredToken();
  }, [startup]);

  const expiresAt = session?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const remaining = expiresAt - Date.now();
      if (remaining > 0) {
        timer = setTimeout(schedule, Math.min(remaining, MAX_TIMER_DELAY_MS));
        return;
      }
      console.warn('The session has expired; signing out.');
      clearStoredToken();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const login = useCallback((token: string) => {
    const reading = readSession(token, Date.now());
    if (reading.status !== 'valid') {
      console.error(
        'The session token could not be used.',
        reading.status === 'invalid' ? reading.reason : 'It has already expired.',
      );
      return false;
    }
    storeToken(token);
    return true;
  }, []);

  const logout = useCallback(() => {
    const token = getStoredToken();
    if (token !== null) endServerSession(token);
    clearStoredToken();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      token: session?.token ?? null,
      userId: session?.userId ?? null,
      user: session?.user ?? null,
      isLoggedIn: session !== null,
      isAdmin: session?.isAdmin ?? false,
      // The check above is synchronous, so it is settled before anything renders.
      isAuthenticating: false,
      login,
      logout,
    }),
    [session, login, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (value === null) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
