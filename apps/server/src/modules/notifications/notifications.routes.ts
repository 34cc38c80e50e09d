import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/wire-constants';
import {
  ZBellNotification,
  ZBellNotificationParams,
  ZMarkBellReadRequest,
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZNotification,
  ZNotificationRequest,
  ZNotificationWriteResponse,
} from '@nexusplay/contract/notifications';
import { keptAnswers } from '../../http-cache/http-cache.js';
import { sendItems } from '../../lib/json-items.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { notificationsService } from './notifications.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/**
 * Admin notifications: every signed-in user reads them; only admins write them. The bell
 * (/notifications) shows them beside the caller's own personal notifications.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = notificationsService({ database: app.db });

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
      const { items, total } = await notifications.listFor(
        user.id,
        request.query.limit,
        request.query.offset,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return sendItems(reply, items);
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
      const unread = await notifications.markRead(requireUser(request).id, request.body.ids);
      return { message: 'Notifications marked as read.', unread };
    },
  );

  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary:
          'The caller’s bell: the broadcasts and the caller’s own personal notifications, newest first, each with its kind and the caller’s read state',
        security: BEARER,
        querystring: ZListQuery.omit({ q: true }),
        response: { 200: z.array(ZBellNotification), ...ERRORS },
      },
      ...keptAnswers(
        app,
        { own: ['notification_reads', 'user_notifications'], shared: ['notifications'] },
        [TOTAL_COUNT_HEADER],
      ),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { items, total } = await notifications.bellFor(
        user.id,
        request.query.limit,
        request.query.offset,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return sendItems(reply, items);
    },
  );

  app.post(
    '/notifications/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary:
          'Mark the bell’s items the caller was shown as read, ids by kind (missing ones and other users’ are passed over)',
        security: BEARER,
        body: ZMarkBellReadRequest,
        response: { 200: ZMarkReadResponse, ...ERRORS },
      },
    },
    async (request) => {
      const unread = await notifications.markBellRead(requireUser(request).id, request.body);
      return { message: 'Notifications marked as read.', unread };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark every item of the caller’s bell, broadcasts and personal ones, as read',
        security: BEARER,
        response: { 200: ZMarkReadResponse, ...ERRORS },
      },
    },
    async (request) => {
      const unread = await notifications.markAllRead(requireUser(request).id);
      return { message: 'Notifications marked as read.', unread };
    },
  );

  app.post(
    '/notifications/:kind/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary:
          'Mark one item of the caller’s bell as read: a broadcast, or one of the caller’s own personal notifications',
        security: BEARER,
        params: ZBellNotificationParams,
        response: { 200: ZMarkReadResponse, ...ERRORS },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const unread = await notifications.markOneRead(requireUser(request).id, kind, id);
      return { message: 'Notification marked as read.', unread };
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
      const notification = await notifications.create(request.body, requireUser(request).id);
      return reply.status(201).send({ message: 'Notifikasi berhasil dibuat.', notification });
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
      const notification = await notifications.update(
        request.params.id,
        request.body,
        requireUser(request).id,
      );
      return { message: 'Notifikasi berhasil diperbarui.', notification };
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
      await notifications.remove(request.params.id);
      return { message: 'Notifikasi berhasil dihapus.' };
    },
  );
};
