/**
 * The API answers a public page needs first, sent inside the page's HTML so that the browser does
 * not have to ask for them once the app's code has run. The server writes them into a
 * `<script type="application/json">` element; the web app's API client takes each one, once,
 * in place of the request it stands for.
 */

/** The id of the element that holds the answers. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Games per "Load more" on the games page. */
export const GAMES_PAGE_SIZE = 24;
/** Posts per "Load more" on the blog page. */
export const BLOGS_PAGE_SIZE = 12;
/** Posts per "Load more" in a post's sidebar. */
export const BLOG_SIDEBAR_PAGE_SIZE = 10;

/** One API answer: its JSON body and, for a list, the number of rows that match in all. */
export type TPageResponse = { body: unknown; total?: number };

/** The answers by the API path they stand for, without `/api`: `/games?limit=24&offset=0`. */
export type TPageData = Record<string, TPageResponse>;

type ListParams = {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};

/**
 * The path of one page of a list, parameters in one fixed order and an empty search left out,
 * so that the server and the web app name the same request the same way.
 */
export function listPath(path: string, { q, limit, offset }: ListParams): string {
  const params = new URLSearchParams();
  const search = q?.trim();
  if (search) params.set('q', search);
  if (limit !== undefined) params.set('limit', String(limit));
  if (offset !== undefined) params.set('offset', String(offset));
  const query = params.toString();
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * A server whose chain and prices are local stand-ins (DEMO_MODE, as `npm run demo` starts it)
 * writes a meta tag of this name into every page, with the notice the web app shows on each.
 */
export const DEMO_META_NAME = 'nexusplay-demo';
export const DEMO_NOTICE = 'Demo chain and prices';
