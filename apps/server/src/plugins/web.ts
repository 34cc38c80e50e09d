import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.js';

export type WebOptions = { distDir: string; siteName: string };

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
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the web app's page, with the page's own title and preview tags when given. */
    sendPage(reply: FastifyReply, meta?: PageMeta): FastifyReply;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** index.html split once at start, so a page answer is a few string joins. */
type Template = { beforeTitle: string; afterTitle: string; siteName: string };

function loadTemplate(distDir: string, siteName: string): Template {
  const name = escapeHtml(siteName);
  const html = fs
    .readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`)
    // The header painted before the app runs.
    .replace(/(<a\b[^>]*\bdata-site-name\b[^>]*>)[^<]*(<\/a\s*>)/, `$1${name}$2`);
  const match = /<title>[^<]*<\/title>/.exec(html);
  if (!match) throw new Error(`${distDir}/index.html has no <title>`);
  return {
    beforeTitle: html.slice(0, match.index),
    afterTitle: html.slice(match.index + match[0].length),
    siteName,
  };
}

function renderPage(template: Template, meta?: PageMeta): string {
  if (!meta)
    return `${template.beforeTitle}<title>${escapeHtml(template.siteName)}</title>${template.afterTitle}`;
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
  return `${template.beforeTitle}${tags.join('')}${template.afterTitle}`;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path that is not
 * an API or a file answers index.html so that client routes survive a reload.
 */
export const webPlugin = fp<WebOptions>(async (app: FastifyInstance, { distDir, siteName }) => {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (!built) app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
  const template = built ? loadTemplate(distDir, siteName) : undefined;
  const plainPage = template ? renderPage(template) : undefined;

  app.decorate('sendPage', (reply: FastifyReply, meta?: PageMeta) => {
    if (!template) return reply.status(404).send({ message: 'The web app is not built.' });
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(meta ? renderPage(template, meta) : plainPage);
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
