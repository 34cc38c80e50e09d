import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import {
  VISITS_DAYS_DEFAULT,
  ZStatsResponse,
  ZVisitRequest,
  ZVisitsQuery,
  ZVisitsResponse,
} from '@nexusplay/contract/stats';
import { BEARER } from '../../lib/route-schemas.js';
import { perAddress } from '../../plugins/rate-limits.js';
import { analyticsService } from './analytics.service.js';

const ERRORS = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/** Privacy-friendly visitor counts (no cookie, no stored address) and the admin dashboard's figures. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = analyticsService({ db: app.db.kysely, engine: app.db.engine });

  app.post(
    '/visits',
    {
      config: { access: 'public', rateLimit: perAddress(120, '1 minute') },
      schema: {
        tags: ['analytics'],
        summary: 'Report a public page view (the path only)',
        body: ZVisitRequest,
        response: {
          204: z.null().describe('Counted, or ignored as a bot or an admin page'),
          400: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await analytics.recordVisit({
        path: request.body.path,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        now: new Date(),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['analytics'],
        summary: 'Counts and the latest articles for the admin dashboard',
        security: BEARER,
        response: { 200: ZStatsResponse, ...ERRORS },
      },
    },
    async () => analytics.stats(new Date()),
  );

  app.get(
    '/visits',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['analytics'],
        summary: 'Page views, visitors and new accounts per day (UTC), oldest first',
        security: BEARER,
        querystring: ZVisitsQuery,
        response: { 200: ZVisitsResponse, ...ERRORS },
      },
    },
    async (request) => analytics.visits(new Date(), request.query.days ?? VISITS_DAYS_DEFAULT),
  );
};
