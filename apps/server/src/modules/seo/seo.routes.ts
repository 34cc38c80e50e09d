import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedListPage } from '../../http-cache/http-cache.js';
import { blogsService } from '../blogs/blogs.service.js';
import { gamesService } from '../games/games.service.js';
import { toolsService } from '../tools/tools.service.js';
import { seoService } from './seo.service.js';

const ZPageId = z.object({ id: z.string().max(20) });

/**
 * The public pages' HTML, and what search engines and link previews read without running the
 * web app: page titles and Open Graph tags, a sitemap and an RSS feed.
 *
 * A page's HTML also carries the API answers its content needs first, and preloads the code that
 * draws it, so the browser gets both beside the app's code instead of one after the other.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const modules = { db: app.db.kysely, engine: app.db.engine, publicCache: app.publicCache };
  const seo = seoService({
    base: app.config.publicUrl,
    siteName: app.config.siteName,
    blogs: blogsService(modules),
    games: gamesService(modules),
    tools: toolsService(modules),
    cachedListPage: (namespace, query, load) => cachedListPage(app, namespace, query, load),
    publicCache: app.publicCache,
    log: app.log,
  });

  for (const namespace of seo.listNamespaces) {
    app.get(
      `/${namespace}`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) => app.sendPage(reply, await seo.listPage(namespace)),
    );
  }

  app.get(
    '/blogs/:id',
    { config: { access: 'public' }, schema: { hide: true, params: ZPageId } },
    // An unknown post still gets the page: the web app shows the newest post instead.
    async (request, reply) => app.sendPage(reply, await seo.blogPage(request.params.id)),
  );

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const body = await seo.sitemap();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );

  app.get(
    '/rss.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const body = await seo.rss();
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );
};
