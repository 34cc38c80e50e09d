/**
 * Registers the service worker (src/sw.ts) once the page has loaded, so that its install, which
 * downloads the app shell, never competes with the first paint. Only in a build: the dev server
 * has no worker. A new build's worker takes over by itself (see sw.ts).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The app could not be made available offline.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
