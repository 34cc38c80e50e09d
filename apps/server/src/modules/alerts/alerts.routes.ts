import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_MESSAGES,
  ALERTS_MAX,
  ZAlertDeleteResponse,
  ZAlertList,
  ZAlertParams,
  ZAlertSettingsRequest,
  ZAlertSettingsResponse,
  ZAlertSettings,
  ZAlertWriteResponse,
  ZCreateAlertRequest,
  ZUpdateAlertRequest,
} from '@nexusplay/contract/alerts';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { mailOutbox } from '../notifications/mail-outbox.js';
import { alertsService } from './alerts.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/**
 * Price alerts: each signed-in user's own (another user's answers 404), checked at every price
 * refresh this instance makes; and the caller's mail switch for income that arrives on chain.
 * Every instance also runs the mail outbox that mails the notifications marked for it.
 */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = mailOutbox({
    db: app.db.kysely,
    mailer: app.mailer,
    log: app.log,
    site: { siteName: app.config.siteName, publicUrl: app.config.publicUrl },
  });
  const alerts = alertsService({
    db: app.db.kysely,
    engine: app.db.engine,
    log: app.log,
    onMail: outbox.kick,
  });
  app.gateway.onPrices((prices, usdIdr) => alerts.checkPrices(prices, usdIdr).then(() => {}));
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());

  app.get(
    '/alerts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['alerts'],
        summary: `The caller’s price alerts, oldest first, and how many one may keep (${ALERTS_MAX})`,
        security: BEARER,
        response: { 200: ZAlertList, ...ERRORS },
      },
    },
    async (request) => ({ data: await alerts.list(requireUser(request).id), max: ALERTS_MAX }),
  );

  app.post(
    '/alerts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['alerts'],
        summary: `Set a price alert (at most ${ALERTS_MAX}; one more answers 409)`,
        security: BEARER,
        body: ZCreateAlertRequest,
        response: { 201: ZAlertWriteResponse, ...ERRORS, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await alerts.create(requireUser(request).id, request.body);
      return reply.status(201).send({ message: ALERT_MESSAGES.created, data });
    },
  );

  app.get(
    '/alerts/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['alerts'],
        summary: 'The caller’s mail switch: whether income that arrives on chain is mailed too',
        security: BEARER,
        response: { 200: ZAlertSettings, ...ERRORS },
      },
    },
    async (request) => alerts.getSettings(requireUser(request).id),
  );

  app.put(
    '/alerts/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['alerts'],
        summary: 'Turn the mail for income that arrives on chain on or off',
        security: BEARER,
        body: ZAlertSettingsRequest,
        response: { 200: ZAlertSettingsResponse, ...ERRORS },
      },
    },
    async (request) => ({
      message: ALERT_MESSAGES.settingsSaved,
      ...(await alerts.saveSettings(requireUser(request).id, request.body)),
    }),
  );

  app.patch(
    '/alerts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['alerts'],
        summary:
          'Change one of the caller’s alerts; a new line (token, direction, currency or ' +
          'price) arms it again',
        security: BEARER,
        params: ZAlertParams,
        body: ZUpdateAlertRequest,
        response: { 200: ZAlertWriteResponse, ...ERRORS },
      },
    },
    async (request) => ({
      message: ALERT_MESSAGES.updated,
      data: await alerts.update(requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/alerts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['alerts'],
        summary: 'Delete one of the caller’s alerts',
        security: BEARER,
        params: ZAlertParams,
        response: { 200: ZAlertDeleteResponse, ...ERRORS },
      },
    },
    async (request) => {
      await alerts.remove(requireUser(request).id, request.params.id);
      return { message: ALERT_MESSAGES.deleted };
    },
  );
};
