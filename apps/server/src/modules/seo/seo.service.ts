import type { FastifyBaseLogger } from 'fastify';
import { ZBlog } from '@nexusplay/contract/blogs';
import type { TListQuery } from '@nexusplay/contract/lists';
import { zId } from '@nexusplay/contract/numbers';
import { BLOGS_PAGE_SIZE, GAMES_PAGE_SIZE, listPath } from '@nexusplay/contract/page-data';
import { PAGE_MODULES } from '@nexusplay/contract/page-modules';
import type { CachedBody, ListResult, PublicCache } from '../../http-cache/http-cache.js';
import { escapeHtml } from '../../lib/html.js';
import type { PageMeta } from '../../plugins/web.js';
import { plainText, truncateText } from '../blogs/blog-html.js';
import type { BlogsService } from '../blogs/blogs.service.js';
import type { GamesService } from '../games/games.service.js';
import type { toolsService } from '../tools/tools.service.js';

const DESCRIPTION_LENGTH = 160;
const FEED_SIZE = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const STATIC_PAGES = ['/', '/games', '/blogs', '/tools', '/about'];

export type ListNamespace = 'games' | 'blogs' | 'tools';

/** What the pages, the sitemap and the feed are made from. */
export type SeoDeps = {
  /** The site's public address, without a trailing slash. */
  base: string;
  siteName: string;
  blogs: Pick<BlogsService, 'list' | 'find' | 'latest'>;
  games: Pick<GamesService, 'list'>;
  tools: Pick<ReturnType<typeof toolsService>, 'list'>;
  /** A public list's page from the cache the API answers from (http-cache's cachedListPage). */
  cachedListPage: (
    namespace: ListNamespace,
    query: TListQuery,
    load: () => Promise<ListResult>,
  ) => Promise<CachedBody>;
  publicCache: Pick<PublicCache, 'remember'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

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
 * What search engines and link previews read without running the web app: page titles and Open
 * Graph tags, a sitemap and an RSS feed.
 *
 * A page also carries the API answers its content needs first. The lists come from the same
 * cache as the API's, so a page costs no query the API would not make.
 */
export function seoService(deps: SeoDeps) {
  const { base, siteName, blogs, games, tools, publicCache, log } = deps;

  /**
   * The first page of a public list as the web app asks for it, and the picture of its first
   * row, which the page shows first. Should the list fail to load, the page goes without it and
   * the web app asks the API as it would anyway.
   */
  async function firstPage(
    namespace: ListNamespace,
    query: TListQuery,
    load: (query: TListQuery) => Promise<ListResult>,
  ): Promise<Pick<PageMeta, 'data' | 'preloadImage'>> {
    try {
      const entry = await deps.cachedListPage(namespace, query, () => load(query));
      const image = firstImageOf(entry);
      return {
        data: [{ path: listPath(`/${namespace}`, query), json: entry.body, total: entry.total }],
        ...(image ? { preloadImage: image } : {}),
      };
    } catch (error) {
      log.warn({ err: error, namespace }, 'a page was sent without its list');
      return {};
    }
  }

  /** The list pages: each shows the first page of one public list. */
  const listPages: Record<
    ListNamespace,
    {
      query: TListQuery;
      load: (query: TListQuery) => Promise<ListResult>;
      title: string;
      description: string;
      /** The web app's module that draws the page (see PageMeta.module). */
      module: string;
    }
  > = {
    games: {
      query: { limit: GAMES_PAGE_SIZE, offset: 0 },
      load: (query) => games.list(query),
      title: 'Explore Our Games',
      description: `Discover Web3 games on ${siteName}: what they are, where to play them and what players think.`,
      module: PAGE_MODULES['/games'],
    },
    blogs: {
      query: { limit: BLOGS_PAGE_SIZE, offset: 0 },
      load: (query) => blogs.list(query),
      title: 'Blog',
      description: `Guides, insights and news about Web3 gaming from ${siteName}.`,
      module: PAGE_MODULES['/blogs'],
    },
    tools: {
      query: {},
      load: (query) => tools.list(query),
      title: 'Gaming Tools',
      description: `Track your wallets, links and Pixels and Axie Infinity income with ${siteName}'s tools.`,
      module: PAGE_MODULES['/tools'],
    },
  };

  async function cachedFeed(key: string, build: () => Promise<string>) {
    const entry = await publicCache.remember('feeds', key, async () => ({
      body: await build(),
      total: 0,
    }));
    return entry.body;
  }

  return {
    listNamespaces: Object.keys(listPages) as ListNamespace[],

    /** A list page's meta, with the first page of its list. */
    async listPage(namespace: ListNamespace): Promise<PageMeta> {
      const { query, load, title, description, module } = listPages[namespace];
      return {
        title,
        description,
        url: `${base}/${namespace}`,
        module,
        ...(await firstPage(namespace, query, load)),
      };
    },

    /**
     * A post's page meta, from the id in its address; undefined for an unknown post, whose page
     * the web app fills with the newest post instead.
     */
    async blogPage(idText: string): Promise<PageMeta | undefined> {
      // The ids the API takes, and no other: past the database's range an id names no post.
      const id = zId().safeParse(idText);
      const blog = id.success ? await blogs.find(id.data) : undefined;
      if (!blog) return undefined;
      return {
        module: PAGE_MODULES['/blogs/:id'],
        // Written as the API writes it: through the contract's schema.
        data: [{ path: `/blogs/${blog.id}`, json: JSON.stringify(ZBlog.parse(blog)) }],
        title: blog.title,
        description: truncateText(plainText(blog.description ?? blog.content), DESCRIPTION_LENGTH),
        url: `${base}/blogs/${blog.id}`,
        ...(blog.image ? { image: `${base}${blog.image}`, preloadImage: blog.image } : {}),
        type: 'article',
      };
    },

    sitemap: () =>
      cachedFeed('sitemap', async () => {
        const posts = await blogs.latest(SITEMAP_MAX_URLS - STATIC_PAGES.length);
        const urls = [
          ...STATIC_PAGES.map((page) => `<url><loc>${escapeHtml(`${base}${page}`)}</loc></url>`),
          ...posts.map(
            (post) =>
              `<url><loc>${escapeHtml(`${base}/blogs/${post.id}`)}</loc><lastmod>${post.updated_at.slice(0, 10)}</lastmod></url>`,
          ),
        ];
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
      }),

    rss: () =>
      cachedFeed('rss', async () => {
        const posts = await blogs.latest(FEED_SIZE);
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
      }),
  };
}
