import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasControlCharacters } from '@nexusplay/contract/text';
import { badRequest } from '../lib/app-error.js';
import { assertNoControlCharacters } from '../lib/validation.js';

const decodedPath = (pathname: string) => {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/**
 * Refuses control characters in the URL: path parameters, the query and, for the pages and
 * anything else without parameters, the path itself. A URL without an escape or a control
 * character cannot hold one once decoded, so most requests pass on one scan of the text.
 */
function checkUrl(request: FastifyRequest) {
  const { url } = request;
  if (!url.includes('%') && !hasControlCharacters(url)) return;
  assertNoControlCharacters(request.params, 'params');
  assertNoControlCharacters(request.query, 'query');
  const queryStart = url.indexOf('?');
  if (hasControlCharacters(decodedPath(queryStart < 0 ? url : url.slice(0, queryStart)))) {
    throw badRequest('The address must not contain control characters.');
  }
}

/**
 * One rule for text at the boundary, the same on both engines (contract/text.ts): a request
 * whose path, query or JSON body holds control characters or lone surrogates is refused with a
 * 400 naming the field, before any route reads it. Multipart fields are checked where they are
 * read (lib/validation.ts parseOrThrow), and imported rows one by one (lib/row-import.ts).
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkUrl(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      if (request.body !== undefined) assertNoControlCharacters(request.body, 'body');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
});
