/**
 * The web app's module that draws each public page the server sends with its code preloaded, by
 * the page's route. The server looks these paths up in the web build's manifest, which names a
 * module by its path from apps/web; the web's route table loads the same modules, and a test of
 * the web app checks that each path is the module its route loads, so that renaming a page's
 * file cannot silently drop its preloads.
 */
export const PAGE_MODULES = {
  '/games': 'src/app/routes/games.tsx',
  '/blogs': 'src/app/routes/blogs.tsx',
  '/blogs/:id': 'src/app/routes/blog-detail.tsx',
  '/tools': 'src/app/routes/tools.tsx',
} as const;

export type TPageRoute = keyof typeof PAGE_MODULES;
