import type { TPageRoute } from '@nexusplay/contract/page-modules';

/**
 * The code of each page the server sends with its modules preloaded (see the contract's
 * PAGE_MODULES), loaded on demand. Typed by the contract's routes, so that a page it names
 * cannot go without a loader here; page-modules.test.ts checks that the paths match.
 */
export const pageModules = {
  '/games': () => import('./routes/games'),
  '/blogs': () => import('./routes/blogs'),
  '/blogs/:id': () => import('./routes/blog-detail'),
  '/tools': () => import('./routes/tools'),
} satisfies Record<TPageRoute, () => Promise<unknown>>;
