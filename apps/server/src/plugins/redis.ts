import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectRedis, type SharedRedis } from '../redis/redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** State shared with the other instances; undefined when this process serves alone. */
    redis: SharedRedis | undefined;
  }
}

export type RedisOptions = {
  /** A connection to use instead of the one REDIS_URL would open (which the app then owns). */
  redis?: SharedRedis;
};

/**
 * Decorates the app with its Redis connection: the one given, else the one REDIS_URL names
 * (opened at start, so that a wrong address stops the server, and closed with the app).
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: RedisOptions) => {
    const { redis: config } = app.config;
    const redis = options.redis ?? (config ? await connectRedis(config) : undefined);
    if (redis && !options.redis) app.addHook('onClose', () => redis.close());
    redis?.client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis: connection'));
    app.decorate('redis', redis);
  },
  { name: 'redis' },
);
