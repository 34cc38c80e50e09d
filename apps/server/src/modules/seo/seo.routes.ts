import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBlog } from '@nexusplay/contract/blogs';
import { zId } from '@nexusplay/contract/numbers';
import { BLOGS_PAGE_SIZE, GAMES_PAGE_SIZE, listPath } from '@nexusplay/contract/page-data';
import { PAGE_MODULES } from '@nexusplay/contract/page-modules';
import { cachedListPage, type CachedBody, type ListResult } from '../../http-cache/http-cache.js';
import { escapeHtml } from '../../lib/html.js';
import type { PageMeta } from '../../plugins/web.js';
import { plainText, truncateText } from '../blogs/blog-html.js';
import { getBlog, latestBlogs, listBlogs } from '../blogs/blogs.repository.js';
import { listGames } from '../games/games.repository.js';
import { listTools } from '../tools/tools.repository.js';
import type { TListQuery } from '@nexusplay/contract/lists';

const DESCRIPTION_LENGTH = 160;
const FEED_SIZE = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const STATIC_PAGES = ['/', '/games', '/blogs', '/tools', '/about'];

const ZPageId = z.object({ id: z.string().max(20) });

/** The first row's picture of each cached list page, read once per cache entry. */
const firstImages = new WeakMap<CachedBody, string | null>();

function firstImageOf(entry: CachedBody): string | undefined {
  let image = firstImages.get(entry);
  if (image === undefined) {
    const [first] = JSON.parse(entry.body) as Array<{ image?: unknown }>;
    image = typeof first?.image === 'string' && first.image !== '' ? first.image : null;
    firstImages.set(entry, image);
  }
  return image ?? undefined;
}

/**
 * The public pages' HTML, and what search engines and link previews read without running the
 * web app: page titles and Open Graph tags, a sitemap and an RSS feed.
 *
 * A page's HTML also carries the API answers its content needs first, and preloads the code that
 * draws it, so the browser gets both beside the app's code instead of one after the other. The
 * lists come from the same cache as the API's, so a page costs no query the API would not make.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl;
  const siteName = app.config.siteName;
  const db = () => app.db.kysely;

  /**
   * The first page of a public list as the web app asks for it, and the picture of its first
   * row, which the page shows first. Should the list fail to load, the page goes without it and
   * the web app asks the API as it would anyway.
   */
  async function firstPage(
    namespace: 'games' | 'blogs' | 'tools',
    query: TListQuery,
    load: (query: TListQuery) => Promise<ListResult>,
  ): Promise<Pick<PageMeta, 'data' | 'preloadImage'>> {
    try {
      const entry = await cachedListPage(app, namespace, query, () => load(query));
      const image = firstImageOf(entry);
      return {
        data: [{ path: listPath(`/${namespace}`, query), json: entry.body, total: entry.total }],
        ...(image ? { preloadImage: image } : {}),
      };
    } catch (error) {
      app.log.warn({ err: error, namespace }, 'a page was sent without its list');
      return {};
    }
  }

  /** The list pages: each shows the first page of one public list. */
  const listPages: Array<{
    namespace: 'games' | 'blogs' | 'tools';
    query: TListQuery;
    load: (query: TListQuery) => Promise<ListResult>;
    title: string;
    description: string;
    /** The web app's module that draws the page (see PageMeta.module). */
    module: string;
  }> = [
    {
      namespace: 'games',
      query: { limit: GAMES_PAGE_SIZE, offset: 0 },
      load: (query) => listGames(db(), app.db.engine, query),
      title: 'Explore Our Games',
      description: `Discover Web3 games on ${siteName}: what they are, where to play them and what players think.`,
      module: PAGE_MODULES['/games'],
    },
    {
      namespace: 'blogs',
      query: { limit: BLOGS_PAGE_SIZE, offset: 0 },
      load: (query) => listBlogs(db(), app.db.engine, query),
      title: 'Blog',
      description: `Guides, insights and news about Web3 gaming from ${siteName}.`,
      module: PAGE_MODULES['/blogs'],
    },
    {
      namespace: 'tools',
      query: {},
      load: (query) => listTools(db(), app.db.engine, query),
      title: 'Gaming Tools',
      description: `Track your wallets, links and Pixels and Axie Infinity income with ${siteName}'s tools.`,
      module: PAGE_MODULES['/tools'],
    },
  ];

  for (const { namespace, query, load, title, description, module } of listPages) {
    app.get(
      `/${namespace}`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) =>
        app.sendPage(reply, {
          title,
          description,
          url: `${base}/${namespace}`,
          module,
          ...(await firstPage(namespace, query, load)),
        }),
    );
  }

  app.get(
    '/blogs/:id',
    { config: { access: 'public' }, schema: { hide: true, params: ZPageId } },
    async (request, reply) => {
      // The ids the API takes, and no other: past the database's range an id names no post.
      const id = zId().safeParse(request.params.id);
      const blog = id.success ? await getBlog(app.db.kysely, id.data) : undefined;
      // An unknown post still gets the page: the web app shows the newest post instead.
      if (!blog) return app.sendPage(reply);
      return app.sendPage(reply, {
        module: PAGE_MODULES['/blogs/:id'],
        // Written as the API writes it: through the contract's schema.
        data: [{ path: `/blogs/${blog.id}`, json: JSON.stringify(ZBlog.parse(blog)) }],
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
    async (_request, reply) => {
      const body = await cachedFeed('sitemap', async () => {
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
    async (_request, reply) => {
      const body = await cachedFeed('rss', async () => {
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
