import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse, ZReadyResponse } from '@nexusplay/contract/health';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { AppError } from '../../lib/app-error.js';
import { healthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = healthService({ db: app.db.kysely });

  /** Throws a 503 in the error shape when `probe` fails, logging why. */
  const require = async (what: string, probe: () => Promise<unknown>) => {
    try {
      await probe();
    } catch (error) {
      app.log.error({ err: error }, `${what} unreachable`);
      throw new AppError(503, `The ${what} is unreachable.`);
    }
  };
  const database = () => require('database', () => health.pingDatabase());

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: ZHealthResponse, 503: ZErrorResponse },
      },
    },
    async () => {
      await database();
      return {
        status: 'ok' as const,
        database: app.db.engine,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether this instance can take traffic: database and shared state reachable',
        response: { 200: ZReadyResponse, 503: ZErrorResponse },
      },
    },
    async () => {
      await database();
      const redis = app.redis;
      if (redis) await require('Redis server', () => redis.client.ping());
      return {
        status: 'ready' as const,
        database: app.db.engine,
        redis: redis ? ('ok' as const) : ('none' as const),
      };
    },
  );
};
