/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  isSavedApiRequest,
  SAVED_ANSWERS_CACHE,
  SAVED_ASSETS_CACHE,
  SAVED_PAGES_CACHE,
} from './lib/offline-caches';

declare const self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;
/** After this long without an answer the network counts as gone and the saved copy is shown. */
const NETWORK_TIMEOUT_SECONDS = 4;
const SHELL_URL = '/index.html';

// A new build takes over at once (the README's "how to update"): its files are precached before it
// activates, and the page's next load runs it.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The server answers only these statuses as a page or a list worth keeping. */
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/uploads/'),
  new NetworkFirst({
    cacheName: SAVED_PAGES_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY_SECONDS })],
  }),
);

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && isSavedApiRequest(request.method, url, request.headers),
  new NetworkFirst({
    cacheName: SAVED_ANSWERS_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: DAY_SECONDS })],
  }),
);

// Screens the precache leaves out (the editor, the charts, the admin area) once they have loaded.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    request.method === 'GET',
  new CacheFirst({
    cacheName: SAVED_ASSETS_CACHE,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// A page neither the network nor the cache can answer gets the app's shell, which says it is
// offline, rather than the browser's error page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const shell = await matchPrecache(SHELL_URL);
    if (shell) return shell;
  }
  return Response.error();
});
