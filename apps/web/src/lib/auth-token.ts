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

export function storeToken(token: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  notify();
}

export function clearStoredToken() {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
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
