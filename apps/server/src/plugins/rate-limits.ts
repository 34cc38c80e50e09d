import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How many addresses each per-route limit remembers on one instance (without Redis, where the
 * counts are Redis keys that expire with their window). The plugin's default, 5,000, forgets the
 * least recent address as soon as more than that many have called the route, and a forgotten
 * address starts counting from zero again: under a crowd, a busy client's count is lost. 50,000
 * entries take about 10 MB per limited route at most, and a lookup that finds its address is
 * cheaper than the miss and eviction that a full cache pays on every request.
 */
const REMEMBERED_ADDRESSES = 50_000;

/**
 * A route's `config.rateLimit`: at most `max` requests per address within `timeWindow`. The
 * plugin counts an IPv6 address by its /64 (its default `ipv6Subnet`), as the sign-in throttle
 * does: a host given a whole /64 cannot take a fresh address for every request.
 */
export function perAddress(max: number, timeWindow: string) {
  return { max, timeWindow, cache: REMEMBERED_ADDRESSES };
}

/**
 * Per-route limits only (a route opts in with `config.rateLimit`). With Redis the counts are
 * shared between instances; if Redis cannot answer, requests are let through.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const { redis } = app;
    await app.register(rateLimit, {
      global: false,
      ...(redis
        ? { redis: redis.client, nameSpace: redis.key('rate-limit:'), skipOnError: true }
        : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${context.after}.`,
      }),
    });
  },
  { name: 'rate-limits', dependencies: ['redis'] },
);
