import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  TOTAL_COUNT_HEADER,
  TOTAL_IS_LOWER_BOUND_HEADER,
} from '@nexusplay/contract/wire-constants';
import { encodedBodyFor } from './encoded-bodies.js';
import type { CachedBody, ResponseCache } from './response-cache.js';
import { mapValueOrPromise } from '../lib/value-or-promise.js';
import type { TListQuery } from '@nexusplay/contract/lists';

/** The list headers a page on another origin may read; naming an absent one is harmless. */
const EXPOSED_HEADERS = `${TOTAL_COUNT_HEADER}, ${TOTAL_IS_LOWER_BOUND_HEADER}`;

/** One page of a list and the number of rows that match, exact unless said otherwise. */
export type ListResult = { items: unknown[]; total: number; totalIsLowerBound?: boolean };

/**
 * Answers a cached body with its ETag; a client that already holds it gets 304 and no body.
 * `no-cache` makes browsers ask every time, so a write is never hidden behind a local copy. The
 * body goes compressed when the client accepts it (see encodedBodyFor), encoded once per entry,
 * never per answer.
 */
function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  contentType: string,
) {
  const sent = encodedBodyFor(entry, request.headers['accept-encoding']);
  reply
    .header('etag', sent.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === sent.etag) return reply.code(304).send();
  if (sent.encoding) reply.header('content-encoding', sent.encoding);
  return reply.type(contentType).send(sent.bytes);
}

/**
 * One page of a public list from the cache, loaded and serialised once per distinct query until
 * the next write to its namespace.
 */
export function rememberList(
  cache: ResponseCache,
  namespace: string,
  query: TListQuery,
  load: () => Promise<ListResult>,
): CachedBody | Promise<CachedBody> {
  // The search text last: the numbers before it hold no colon, so no two queries share a key.
  const key = `${query.limit ?? ''}:${query.offset ?? 0}:${query.q ?? ''}`;
  return cache.rememberNow(namespace, key, async () => {
    const { items, total, totalIsLowerBound = false } = await load();
    return { body: JSON.stringify(items), total, totalIsLowerBound };
  });
}

/**
 * Answers a public list from the cache (see rememberList). The body is sent as it is; a hit is
 * answered before this returns, a miss once the page is loaded.
 */
export function sendCachedList(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  namespace: string,
  query: TListQuery,
  load: () => Promise<ListResult>,
): void | Promise<void> {
  return mapValueOrPromise(rememberList(cache, namespace, query, load), (entry) => {
    sendListEntry(request, reply, entry);
  });
}

function sendListEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
  reply
    .header(TOTAL_COUNT_HEADER, String(entry.total))
    .header('access-control-expose-headers', EXPOSED_HEADERS);
  if (entry.totalIsLowerBound) reply.header(TOTAL_IS_LOWER_BOUND_HEADER, 'true');
  return sendCachedBody(request, reply, entry, 'application/json; charset=utf-8');
}
