import { useSyncExternalStore } from 'react';
import { XIcon } from 'lucide-react';
import {
  dismissSignedOutNotice,
  getSignedOutNotice,
  subscribeToStoredToken,
} from '../../lib/auth-token';

/**
 * Why the server signed this visitor out (another device chose "Sign out everywhere", the password
 * was changed, the account was deleted), shown once on whatever page they land on, until they
 * close it or sign in again.
 */
export function SignedOutNotice() {
  const notice = useSyncExternalStore(subscribeToStoredToken, getSignedOutNotice);
  if (notice === null) return null;
  return (
    <div className="fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        role="alert"
        className="flex max-w-xl items-start gap-3 rounded-lg border border-amber-400/40 bg-slate-900 px-4 py-3 text-sm text-amber-100 shadow-lg shadow-black/40"
      >
        <p className="flex-1">{notice}</p>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={dismissSignedOutNotice}
          className="-m-1 rounded-md p-1 text-amber-200 hover:bg-white/10 hover:text-white"
        >
          <XIcon aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
