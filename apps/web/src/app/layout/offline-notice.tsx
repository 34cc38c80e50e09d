import { useSyncExternalStore } from 'react';
import { isOffline, subscribeToNetworkStatus } from '../../lib/network-status';

export const OFFLINE_MESSAGE = 'You are offline. Showing what was saved on this device.';

/**
 * Says so while the network is gone, on every page, in a strip under the header that lets clicks
 * through: what the page shows then is what the service worker kept from earlier visits, and a
 * screen it kept nothing for stays empty.
 */
export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribeToNetworkStatus, isOffline);
  if (!offline) return null;
  return (
    <p
      role="status"
      className="pointer-events-none fixed inset-x-0 top-16 z-40 border-y border-amber-400/40 bg-slate-900/95 px-4 py-2 text-center text-sm text-amber-100"
    >
      {OFFLINE_MESSAGE}
    </p>
  );
}
