import type { FastifyBaseLogger } from 'fastify';
import type { CacheVersions } from './response-cache.js';
import type { SharedRedis } from '../redis/redis.js';

/**
 * Namespace generations in Redis: one GET per cached read and one INCR per write, so a write on
 * any instance is seen by the next read on every instance. When Redis cannot answer, reads are
 * not cached (answered from the database) rather than risk an old list.
 */
export class RedisCacheVersions implements CacheVersions {
  constructor(
    private readonly redis: SharedRedis,
    private readonly log: FastifyBaseLogger,
  ) {}

  async current(namespace: string) {
    try {
      return (await this.redis.client.get(this.key(namespace))) ?? '0';
    } catch (error) {
      this.log.warn({ err: error, namespace }, 'cache generation unreadable; not caching');
      return undefined;
    }
  }

  async bump(namespaces: readonly string[]) {
    try {
      await Promise.all(namespaces.map((namespace) => this.redis.client.incr(this.key(namespace))));
    } catch (error) {
      // The write itself has committed; other instances catch up when their entries expire.
      this.log.error({ err: error, namespaces }, 'could not announce a write to other instances');
    }
  }

  private key(namespace: string) {
    return this.redis.key(`cache-generation:${namespace}`);
  }
}
