type Listener = () => void;

const listeners = new Set<Listener>();
/** Set when a request to the server failed for want of a network, until one gets through. */
let requestFailed = false;

function notify() {
  for (const listener of listeners) listener();
}

/** Whether the app should say it is offline: the browser knows so, or the server is out of reach. */
export function isOffline(): boolean {
  return !navigator.onLine || requestFailed;
}

/** Called by the API client with whether a request reached the server at all. */
export function reportServerReached(reached: boolean): void {
  if (requestFailed === !reached) return;
  requestFailed = !reached;
  notify();
}

export function subscribeToNetworkStatus(listener: Listener): () => void {
  const onChange = () => {
    // Back online, the next request tells whether the server is reachable again.
    if (navigator.onLine) requestFailed = false;
    listener();
  };
  listeners.add(listener);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
