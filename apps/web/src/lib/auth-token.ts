import { emptyVisitorCaches } from './offline-caches';

/** The session token lives in local storage under this key (SPEC 3). */
export const TOKEN_STORAGE_KEY = 'token';

type Listener = () => void;

const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

export function getStoredToken(): string | null {
  return window.localStorage.getItem(TOKEN_STORAGE_KEY);
}

/** Why the server ended the session this tab held, until the visitor has seen it. */
let signedOutNotice: string | null = null;

export function storeToken(token: string) {
  signedOutNotice = null;
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  notify();
}

/**
 * Every way a session ends comes here (sign-out, expiry, the server's refusal), and each empties
 * what the offline caches may hold of the visit.
 */
export function clearStoredToken() {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  emptyVisitorCaches();
  notify();
}

/**
 * Signs out because the server refused the token, keeping the server's word of why (a sign-out
 * everywhere, a changed password, a deleted account) for the page to show. Only the first
 * request refused finds its token still stored (the others refused at the same time would say it
 * again), and a session begun since then is not the one refused.
 */
export function endRefusedSession(token: string, reason: string) {
  if (getStoredToken() !== token) return;
  signedOutNotice = reason;
  clearStoredToken();
}

/** Why the session was ended by the server, until dismissed; null if it was not. */
export function getSignedOutNotice(): string | null {
  return signedOutNotice;
}

export function dismissSignedOutNotice() {
  if (signedOutNotice === null) return;
  signedOutNotice = null;
  notify();
}

/**
 * Calls the listener whenever the stored token changes, in this tab or in another one. The browser
 * only fires `storage` for changes made elsewhere, so changes made here are announced directly.
 */
export function subscribeToStoredToken(listener: Listener): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key means the whole storage was cleared.
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
