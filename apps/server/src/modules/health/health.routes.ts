import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse, ZReadyResponse } from '@nexusplay/contract/health';
import { ZErrorResponse } from '@nexusplay/contract/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db.kysely);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ message: 'The database is unreachable.' });
      }
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
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db.kysely);
      } catch (error) {
        app.log.error({ err: error }, 'readiness: database unreachable');
        return reply.status(503).send({ message: 'The database is unreachable.' });
      }
      if (app.redis) {
        try {
          await app.redis.client.ping();
        } catch (error) {
          app.log.error({ err: error }, 'readiness: redis unreachable');
          return reply.status(503).send({ message: 'Redis is unreachable.' });
        }
      }
      return {
        status: 'ready' as const,
        database: app.db.engine,
        redis: app.redis ? ('ok' as const) : ('none' as const),
      };
    },
  );
};
