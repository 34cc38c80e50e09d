import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/lists';
import type { ResponseCache } from './response-cache.js';

export type ListQuery = {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};

/**
 * Answers a public list from the cache, loading and serialising it once per distinct query
 * until the next write to its namespace. The body is already JSON, so it is sent as it is.
 */
export async function sendCachedList(
  reply: FastifyReply,
  cache: ResponseCache,
  namespace: string,
  query: ListQuery,
  load: () => Promise<{ items: unknown[]; total: number }>,
) {
  const key = JSON.stringify([query.q ?? '', query.limit ?? null, query.offset ?? 0]);
  let entry = cache.get(namespace, key);
  if (!entry) {
    const { items, total } = await load();
    entry = { body: JSON.stringify(items), total };
    cache.set(namespace, key, entry);
  }
  return reply
    .header(TOTAL_COUNT_HEADER, String(entry.total))
    .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
    .type('application/json; charset=utf-8')
    .send(entry.body);
}
