import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/lists';
import type { CachedBody, ResponseCache } from './response-cache.js';

export type ListQuery = {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};

/**
 * Each cached body encoded to UTF-8 once. A string is encoded anew for every answer it is sent
 * in: for a list of a hundred games, a fifth of the answer's time and most of its garbage.
 */
const encoded = new WeakMap<CachedBody, Buffer>();

function bytesOf(entry: CachedBody) {
  let bytes = encoded.get(entry);
  if (!bytes) {
    bytes = Buffer.from(entry.body);
    encoded.set(entry, bytes);
  }
  return bytes;
}

/**
 * Answers a cached body with its ETag; a client that already holds it gets 304 and no body.
 * `no-cache` makes browsers ask every time, so a write is never hidden behind a local copy.
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  contentType: string,
) {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.type(contentType).send(bytesOf(entry));
}

/**
 * Answers a public list from the cache, loading and serialising it once per distinct query
 * until the next write to its namespace. The body is already JSON, so it is sent as it is.
 */
export async function sendCachedList(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  namespace: string,
  query: ListQuery,
  load: () => Promise<{ items: unknown[]; total: number }>,
) {
  const key = JSON.stringify([query.q ?? '', query.limit ?? null, query.offset ?? 0]);
  const entry = await cache.remember(namespace, key, async () => {
    const { items, total } = await load();
    return { body: JSON.stringify(items), total };
  });
  reply
    .header(TOTAL_COUNT_HEADER, String(entry.total))
    .header('access-control-expose-headers', TOTAL_COUNT_HEADER);
  return sendCachedBody(request, reply, entry, 'application/json; charset=utf-8');
}
