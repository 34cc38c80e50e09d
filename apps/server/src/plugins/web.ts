import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEMO_META_NAME, DEMO_NOTICE, PAGE_DATA_ELEMENT_ID } from '@nexusplay/contract/page-data';
import { sendEncodedPage } from '../http-cache/http-cache.js';
import { escapeHtml } from '../lib/html.js';

export type WebOptions = {
  distDir: string;
  siteName: string;
  /** Whether every page says that its chain and prices are stand-ins (DEMO_MODE). */
  demo?: boolean;
};

/** The meta tag the web app reads to show the demo banner on every page. */
const DEMO_META = `<meta name="${DEMO_META_NAME}" content="${escapeHtml(DEMO_NOTICE)}">`;

/** What a page tells search engines and link previews before any script runs. */
export type PageMeta = {
  title: string;
  description?: string;
  /** Absolute URLs. */
  url?: string;
  image?: string;
  type?: 'website' | 'article';
  /** A same-origin picture the page shows first: fetched while the app's code loads. */
  preloadImage?: string;
  /**
   * The web app's module that draws the page, as the build's manifest names it
   * (`src/app/routes/games.tsx`): its code is fetched beside the app's instead of after it.
   */
  module?: string;
  /** API answers the page asks for first, sent in its HTML (see contract/page-data.ts). */
  data?: PageResponse[];
};

/** One API answer for the page's HTML. */
export type PageResponse = {
  /** The API path without `/api`, as contract/page-data.ts's listPath writes it. */
  path: string;
  /** The answer's JSON text. */
  json: string;
  total?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the web app's page, with the page's own title and preview tags when given. */
    sendPage(reply: FastifyReply, meta?: PageMeta): FastifyReply;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * index.html split once at start where a page's own parts go (title and preview tags, module
 * preloads, data), so that a page answer is a few string joins.
 */
type Template = {
  beforeTitle: string;
  titleToHeadEnd: string;
  headEndToBodyEnd: string;
  fromBodyEnd: string;
  siteName: string;
};

function splitAt(html: string, pattern: RegExp, what: string): [string, string, string] {
  const match = pattern.exec(html);
  if (!match) throw new Error(`index.html has no ${what}`);
  return [html.slice(0, match.index), match[0], html.slice(match.index + match[0].length)];
}

function loadTemplate(distDir: string, siteName: string, demo: boolean): Template {
  const name = escapeHtml(siteName);
  const html = fs
    .readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/<\/head>/, demo ? `${DEMO_META}</head>` : '</head>')
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`)
    // The header painted before the app runs.
    .replace(/(<a\b[^>]*\bdata-site-name\b[^>]*>)[^<]*(<\/a\s*>)/, `$1${name}$2`);
  const [beforeTitle, , afterTitle] = splitAt(html, /<title>[^<]*<\/title>/, '<title>');
  const [titleToHeadEnd, headEnd, afterHeadEnd] = splitAt(afterTitle, /<\/head>/, '</head>');
  const [headToBodyEnd, bodyEnd, afterBodyEnd] = splitAt(afterHeadEnd, /<\/body>/, '</body>');
  return {
    beforeTitle,
    titleToHeadEnd,
    headEndToBodyEnd: headEnd + headToBodyEnd,
    fromBodyEnd: bodyEnd + afterBodyEnd,
    siteName,
  };
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The files of a lazily loaded module and of what it imports, less those the page loads anyway,
 * from the build's manifest; worked out once per module.
 */
function modulePreloads(distDir: string, log: FastifyInstance['log']) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    log.warn({ manifestFile }, 'no build manifest: pages load their code after the app');
  }
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(key)) continue;
      into.add(key);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const loaded = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const known = new Map<string, string[]>();
  return (module: string): string[] => {
    let files = known.get(module);
    if (!files) {
      if (!manifest[module]) log.warn({ module }, 'a page names a module the build does not have');
      files = [...closure([module])]
        .filter((key) => !loaded.has(key))
        .map((key) => `/${manifest[key]!.file}`);
      known.set(module, files);
    }
    return files;
  };
}

/**
 * The page's API answers as one JSON document, built from the answers' JSON text as it is.
 * `<` is written as its escape, so that no text in it can close the script element.
 */
function pageDataJson(data: PageResponse[]): string {
  const entries = data.map(
    ({ path: apiPath, json, total }) =>
      `${JSON.stringify(apiPath)}:{"body":${json}${total === undefined ? '' : `,"total":${total}`}}`,
  );
  return `{${entries.join(',')}}`.replace(/</g, '\\u003c');
}

function renderPage(
  template: Template,
  meta: PageMeta | undefined,
  preloadsOf: (module: string) => string[],
): string {
  if (!meta)
    return `${template.beforeTitle}<title>${escapeHtml(template.siteName)}</title>${template.titleToHeadEnd}${template.headEndToBodyEnd}${template.fromBodyEnd}`;
  const title = `${meta.title} | ${template.siteName}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta.description && `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:site_name" content="${escapeHtml(template.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    meta.description &&
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    meta.url && `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    meta.url && `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    meta.image && `<meta property="og:image" content="${escapeHtml(meta.image)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    meta.preloadImage &&
      `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high">`,
  ].filter(Boolean);
  // After the app's own preloads, so that its code comes first.
  const preloads = (meta.module ? preloadsOf(meta.module) : []).map(
    (file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`,
  );
  const data = meta.data?.length
    ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${pageDataJson(meta.data)}</script>`
    : '';
  return `${template.beforeTitle}${tags.join('')}${template.titleToHeadEnd}${preloads.join('')}${template.headEndToBodyEnd}${data}${template.fromBodyEnd}`;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path that is not
 * an API or a file answers index.html so that client routes survive a reload.
 */
export const webPlugin = fp<WebOptions>(async (app: FastifyInstance, options) => {
  const { distDir, siteName, demo = false } = options;
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (!built) app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
  const template = built ? loadTemplate(distDir, siteName, demo) : undefined;
  const preloadsOf = built ? modulePreloads(distDir, app.log) : () => [];
  const plainPage = template ? renderPage(template, undefined, preloadsOf) : '';

  app.decorate('sendPage', (reply: FastifyReply, meta?: PageMeta) => {
    if (!template) return reply.status(404).send({ message: 'The web app is not built.' });
    const html = meta ? renderPage(template, meta, preloadsOf) : plainPage;
    return sendEncodedPage(reply, html);
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The web build writes Brotli and gzip copies of its text files; browsers get the smallest
      // one they accept.
      preCompressed: true,
      // index.html is answered rendered, never as the raw file.
      globIgnore: ['index.html'],
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
    for (const url of ['/', '/index.html']) app.get(url, (_request, reply) => app.sendPage(reply));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (built && isPagePath(request.method, pathname)) return app.sendPage(reply);
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
  });
});

/** A client route: a GET for a path outside the API and the assets that names no file. */
const isPagePath = (method: string, pathname: string) =>
  (method === 'GET' || method === 'HEAD') &&
  pathname !== '/api' &&
  !pathname.startsWith('/api/') &&
  !pathname.startsWith('/assets/') &&
  !pathname.startsWith('/uploads/') &&
  !path.extname(pathname);
