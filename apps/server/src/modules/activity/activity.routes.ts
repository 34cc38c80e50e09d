import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZActivityExportQuery, ZActivityPage, ZActivityQuery } from '@nexusplay/contract/activity';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/wire-constants';
import { keptAnswers } from '../../http-cache/http-cache.js';
import { sendCsvExport } from '../../lib/exports.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { activityCsvColumns } from './activity-csv.js';
import { activityService } from './activity.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/** The caller's token transfers on the chain, as the follower stored them (/activity). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const activity = activityService({
    db: app.db.kysely,
    tokens: app.config.gateway.ronin.tokens,
    timeZone: app.config.timeZone,
  });

  app.get(
    '/activity',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary:
          'The caller’s token transfers, newest first, paged (total in X-Total-Count); values ' +
          'at the day’s price, null while pending; as_of is the last block read',
        security: BEARER,
        querystring: ZActivityQuery,
        response: { 200: ZActivityPage, ...ERRORS },
      },
      // Polled by every open activity page: sent again from memory until the user's wallets, the
      // transfers of their addresses, the follower's cursor (the page's "as of") or a day's
      // figure (the values) is written.
      ...keptAnswers(
        app,
        {
          own: ['wallets', 'chain_transfers'],
          shared: ['chain_follow_cursors', 'daily_rates'],
          // Written only beside the transfers, in their transaction (insertTransfers).
          derived: ['chain_transfer_counts'],
        },
        [TOTAL_COUNT_HEADER],
      ),
    },
    async (request, reply) => {
      const { total, ...page } = await activity.list(requireUser(request).id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return page;
    },
  );

  app.get(
    '/activity/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary:
          'The caller’s token transfers the filter takes, as CSV (one download per user at a ' +
          'time: else 429)',
        security: BEARER,
        querystring: ZActivityExportQuery,
        response: { ...ERRORS, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const readPage = await activity.exportPages(userId, request.query);
      app.exportSlots.take(reply, userId);
      return sendCsvExport(reply, activity.exportName(), activityCsvColumns, readPage);
    },
  );
};
