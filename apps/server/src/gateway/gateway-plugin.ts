import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RedisRefreshCoordinator } from '../redis/redis-refresh-coordinator.js';
import { Gateway } from './gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gateway;
  }
}

/** Decorates the app with its gateway; with Redis the instances share one upstream call per window. */
export const gatewayPlugin = fp(
  async (app: FastifyInstance) => {
    const coordinator = app.redis ? new RedisRefreshCoordinator(app.redis) : undefined;
    app.decorate('gateway', new Gateway(app.config.gateway, app.db.kysely, app.log, coordinator));
  },
  { name: 'gateway', dependencies: ['redis'] },
);
