/**
 * What the service worker (src/sw.ts) keeps for offline use, named here once for it and for the
 * page, which empties the caches at sign-out. The shell itself is Workbox's precache.
 */

/** Pages (their HTML) opened last, network first. Navigations never carry the session token. */
export const SAVED_PAGES_CACHE = 'nexusplay-pages';
/** Public GET answers (games, blogs, tools) seen last, network first. */
export const SAVED_ANSWERS_CACHE = 'nexusplay-public-api';
/** Hashed code and style files, which never change under their name. */
export const SAVED_ASSETS_CACHE = 'nexusplay-assets';

/** The caches that a signed-in visit could have touched; emptied at every sign-out. */
const PER_VISITOR_CACHES = [SAVED_PAGES_CACHE, SAVED_ANSWERS_CACHE];

/** The API paths whose GET answers are the same for everyone. */
const PUBLIC_API_PREFIXES = ['/api/games', '/api/blogs', '/api/tools'];

/**
 * A person's own data, never kept whatever prefix a route may one day share with a public one.
 * Listed apart from the public prefixes on purpose: a new personal route stays out even if it is
 * added under one of them.
 */
const PERSONAL_API_PREFIXES = [
  '/api/wallets',
  '/api/links',
  '/api/income-',
  '/api/portfolio',
  '/api/activity',
  '/api/notifications',
  '/api/admin-notifications',
  '/api/alerts',
  '/api/account',
  '/api/auth',
  '/api/me',
  '/api/login',
  '/api/logout',
  '/api/users',
];

const underPrefix = (pathname: string, prefix: string) =>
  prefix.endsWith('-')
    ? pathname.startsWith(prefix)
    : pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Whether an answer may be kept for offline use: a GET to a public list or item, sent without a
 * session. A signed-in visitor's requests all carry the token (see api-client.ts), so nothing
 * they load is kept, public or not: what the server answers them may differ from what it answers
 * everyone.
 */
export function isSavedApiRequest(method: string, url: URL, headers: Headers): boolean {
  if (method !== 'GET' || headers.has('Authorization')) return false;
  const { pathname } = url;
  if (PERSONAL_API_PREFIXES.some((prefix) => underPrefix(pathname, prefix))) return false;
  return PUBLIC_API_PREFIXES.some((prefix) => underPrefix(pathname, prefix));
}

/**
 * Empties the caches a visit may have filled, so that the next person on this device finds none
 * of it. Left running: sign-out does not wait for it, and a browser without Cache Storage (an
 * insecure origin) has nothing to empty.
 */
export function emptyVisitorCaches(): void {
  if (typeof caches === 'undefined') return;
  for (const name of PER_VISITOR_CACHES) {
    caches.delete(name).catch((error: unknown) => {
      console.warn(`The offline cache ${name} could not be emptied.`, error);
    });
  }
}
