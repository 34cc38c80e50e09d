import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import { plainText, truncateText } from '../blogs/blog-html.js';
import { getBlog, latestBlogs } from '../blogs/blogs.repository.js';

const DESCRIPTION_LENGTH = 160;
const FEED_SIZE = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const STATIC_PAGES = ['/', '/games', '/blogs', '/tools', '/about'];

const ZPageId = z.object({ id: z.string().max(20) });

/**
 * What search engines and link previews read without running the web app: page titles and
 * Open Graph tags in the HTML of the game list and of each post, a sitemap and an RSS feed.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = (request: FastifyRequest) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const siteName = app.config.siteName;

  app.get('/games', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
    app.sendPage(reply, {
      title: 'Explore Our Games',
      description: `Discover Web3 games on ${siteName}: what they are, where to play them and what players think.`,
      url: `${origin(request)}/games`,
    }),
  );

  app.get('/blogs', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
    app.sendPage(reply, {
      title: 'Blog',
      description: `Guides, insights and news about Web3 gaming from ${siteName}.`,
      url: `${origin(request)}/blogs`,
    }),
  );

  app.get(
    '/blogs/:id',
    { config: { access: 'public' }, schema: { hide: true, params: ZPageId } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const blog =
        Number.isSafeInteger(id) && id > 0 ? await getBlog(app.db.kysely, id) : undefined;
      // An unknown post still gets the page: the web app shows the newest post instead.
      if (!blog) return app.sendPage(reply);
      const base = origin(request);
      return app.sendPage(reply, {
        title: blog.title,
        description: truncateText(plainText(blog.description ?? blog.content), DESCRIPTION_LENGTH),
        url: `${base}/blogs/${blog.id}`,
        ...(blog.image ? { image: `${base}${blog.image}`, preloadImage: blog.image } : {}),
        type: 'article',
      });
    },
  );

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const base = origin(request);
      const body = await cachedFeed(`sitemap:${base}`, async () => {
        const posts = await latestBlogs(app.db.kysely, SITEMAP_MAX_URLS - STATIC_PAGES.length);
        const urls = [
          ...STATIC_PAGES.map((page) => `<url><loc>${escapeHtml(`${base}${page}`)}</loc></url>`),
          ...posts.map(
            (post) =>
              `<url><loc>${escapeHtml(`${base}/blogs/${post.id}`)}</loc><lastmod>${post.updated_at.slice(0, 10)}</lastmod></url>`,
          ),
        ];
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );

  app.get(
    '/rss.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const base = origin(request);
      const body = await cachedFeed(`rss:${base}`, async () => {
        const posts = await latestBlogs(app.db.kysely, FEED_SIZE);
        const items = posts.map((post) => {
          const link = `${base}/blogs/${post.id}`;
          return [
            '<item>',
            `<title>${escapeHtml(post.title)}</title>`,
            `<link>${escapeHtml(link)}</link>`,
            `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
            `<pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>`,
            `<description>${escapeHtml(truncateText(plainText(post.description ?? ''), 300))}</description>`,
            '</item>',
          ].join('');
        });
        return [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<rss version="2.0"><channel>',
          `<title>${escapeHtml(`${siteName} Blog`)}</title>`,
          `<link>${escapeHtml(`${base}/blogs`)}</link>`,
          `<description>${escapeHtml(`Guides, insights and news about Web3 gaming from ${siteName}.`)}</description>`,
          ...items,
          '</channel></rss>',
          '',
        ].join('\n');
      });
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );

  async function cachedFeed(key: string, build: () => Promise<string>) {
    const entry = await app.publicCache.remember('feeds', key, async () => ({
      body: await build(),
      total: 0,
    }));
    return entry.body;
  }
};
