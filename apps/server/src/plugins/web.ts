import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type WebOptions = { distDir: string; siteName: string };

const IMMUTABLE = 'public, max-age=31536000, immutable';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** index.html with the configured product name, rendered once at start rather than per request. */
function renderIndex(distDir: string, siteName: string): string {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const name = escapeHtml(siteName);
  return html
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`)
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path that is not
 * an API or a file answers index.html so that client routes survive a reload.
 */
export const webPlugin = fp<WebOptions>(async (app: FastifyInstance, { distDir, siteName }) => {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (!built) app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
  const indexHtml = built ? renderIndex(distDir, siteName) : undefined;

  if (indexHtml !== undefined) await registerWeb(app, distDir, indexHtml);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (indexHtml !== undefined && isPagePath(request.method, pathname))
      return sendIndex(reply, indexHtml);
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
  });
});

/** A client route: a GET for a path outside the API and the assets that names no file. */
const isPagePath = (method: string, pathname: string) =>
  (method === 'GET' || method === 'HEAD') &&
  pathname !== '/api' &&
  !pathname.startsWith('/api/') &&
  !pathname.startsWith('/assets/') &&
  !path.extname(pathname);

const sendIndex = (reply: FastifyReply, html: string) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

async function registerWeb(app: FastifyInstance, distDir: string, indexHtml: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
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

  for (const url of ['/', '/index.html'])
    app.get(url, (_request, reply) => sendIndex(reply, indexHtml));
}
