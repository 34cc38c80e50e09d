import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/wire-constants';
import {
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZNotification,
  ZNotificationRequest,
  ZNotificationWriteResponse,
} from '@nexusplay/contract/notifications';
import { keptAnswers } from '../../http-cache/http-cache.js';
import { notFound } from '../../lib/app-error.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import {
  countUnreadFor,
  deleteNotification,
  insertNotification,
  isReadBy,
  listNotificationsFor,
  markRead,
  updateNotification,
} from './notifications.repository.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};
const NOT_FOUND = 'Notifikasi tidak ditemukan.';

/** Admin notifications: every signed-in user reads them; only admins write them. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.kysely;

  app.get(
    '/admin-notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Notifications newest first, each with the caller’s own read state',
        security: BEARER,
        querystring: ZListQuery.omit({ q: true }),
        response: { 200: z.array(ZNotification), ...ERRORS },
      },
      ...keptAnswers(app, { own: ['notification_reads'], shared: ['notifications'] }, [
        TOTAL_COUNT_HEADER,
      ]),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { items, total } = await listNotificationsFor(
        db(),
        user.id,
        request.query.limit,
        request.query.offset,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/admin-notifications/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark the notifications the caller was shown as read',
        security: BEARER,
        body: ZMarkReadRequest,
        response: { 200: ZMarkReadResponse, ...ERRORS },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await markRead(db(), user.id, request.body.ids);
      return {
        message: 'Notifications marked as read.',
        unread: await countUnreadFor(db(), user.id),
      };
    },
  );

  app.post(
    '/admin-notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notifications'],
        summary: 'Send a notification to every user',
        security: BEARER,
        body: ZNotificationRequest,
        response: { 201: ZNotificationWriteResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await insertNotification(db(), {
        ...request.body,
        createdBy: requireUser(request).id,
      });
      return reply
        .status(201)
        .send({ message: 'Notifikasi berhasil dibuat.', notification: { ...row, read: false } });
    },
  );

  app.put(
    '/admin-notifications/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notifications'],
        summary: 'Change a notification',
        security: BEARER,
        params: ZIdParams,
        body: ZNotificationRequest,
        response: { 200: ZNotificationWriteResponse, ...ERRORS },
      },
    },
    async (request) => {
      const row = await updateNotification(db(), request.params.id, request.body);
      if (!row) throw notFound(NOT_FOUND);
      const read = await isReadBy(db(), row.id, requireUser(request).id);
      return { message: 'Notifikasi berhasil diperbarui.', notification: { ...row, read } };
    },
  );

  app.delete(
    '/admin-notifications/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notifications'],
        summary: 'Delete a notification',
        security: BEARER,
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...ERRORS },
      },
    },
    async (request) => {
      const deleted = await deleteNotification(db(), request.params.id);
      if (!deleted) throw notFound(NOT_FOUND);
      return { message: 'Notifikasi berhasil dihapus.' };
    },
  );
};
