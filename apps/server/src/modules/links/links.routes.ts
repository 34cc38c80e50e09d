import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { LINK_FIELDS, ZLink, ZLinkRequest } from '@nexusplay/contract/links';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import {
  TOTAL_COUNT_HEADER,
  TOTAL_IS_LOWER_BOUND_HEADER,
} from '@nexusplay/contract/wire-constants';
import { ZImportResult, ZOwnerQuery } from '@nexusplay/contract/personal-rows';
import { keptAnswers } from '../../http-cache/http-cache.js';
import { sendCsvExport } from '../../lib/exports.js';
import { readImportFile } from '../../lib/row-import.js';
import { withMultipartForms } from '../../lib/multipart.js';
import { BEARER } from '../../lib/route-schemas.js';
import { ownerId } from '../../plugins/auth.js';
import { errorReply } from '../../plugins/errors.js';
import { linksService, type LinksDeps } from './links.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};
/** What the caller's rows are called in the refusal of another user's id. */
const LIST_NOUN = 'links';

const depsOf = (app: Parameters<FastifyPluginAsyncZod>[0]): LinksDeps => ({
  db: app.db.kysely,
  engine: app.db.engine,
  cap: app.config.rowCaps.links,
});

/** Importing links from an uploaded CSV or bookmarks file (a multipart form). */
const linkImport: FastifyPluginAsyncZod = async (app) => {
  const links = linksService(depsOf(app));

  app.post(
    '/links/import',
    {
      config: { access: 'user' },
      schema: {
        tags: ['links'],
        summary: `Import links from CSV (${LINK_FIELDS.join(', ')}) or a browser bookmarks file`,
        consumes: ['multipart/form-data'],
        security: BEARER,
        response: { 200: ZImportResult, ...ERRORS, 413: ZErrorResponse, 415: ZErrorResponse },
      },
    },
    async (request) => {
      const userId = ownerId(request, undefined, LIST_NOUN);
      return links.import(userId, await readImportFile(request));
    },
  );
};

/** Link Manager: each user's own links; another user's link answers 404 on every route. */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = linksService(depsOf(app));

  // The spec's link manager shows the answer's `error` field, so link failures carry it too.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorReply(error, request);
    return reply.status(status).send({ ...body, error: body.message });
  });

  app.get(
    '/links',
    {
      config: { access: 'user' },
      schema: {
        tags: ['links'],
        summary: 'The caller’s links; search over title and category',
        security: BEARER,
        querystring: ZListQuery.extend(ZOwnerQuery.shape),
        response: { 200: z.array(ZLink), ...ERRORS },
      },
      ...keptAnswers(app, { own: ['links'] }, [TOTAL_COUNT_HEADER, TOTAL_IS_LOWER_BOUND_HEADER]),
    },
    async (request, reply) => {
      const userId = ownerId(request, request.query.user_id, LIST_NOUN);
      const { items, total, totalIsLowerBound } = await links.list(userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (totalIsLowerBound) reply.header(TOTAL_IS_LOWER_BOUND_HEADER, 'true');
      return items;
    },
  );

  app.post(
    '/links',
    {
      config: { access: 'user' },
      schema: {
        tags: ['links'],
        summary: 'Save a link',
        security: BEARER,
        body: ZLinkRequest,
        response: { 201: ZLink, ...ERRORS, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = ownerId(request, request.body.user_id, LIST_NOUN);
      const { title, url, category } = request.body;
      return reply.status(201).send(await links.create(userId, { title, url, category }));
    },
  );

  app.put(
    '/links/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['links'],
        summary: 'Change one of the caller’s links',
        security: BEARER,
        params: ZIdParams,
        body: ZLinkRequest,
        response: { 200: ZLink, ...ERRORS },
      },
    },
    async (request) => {
      const userId = ownerId(request, request.body.user_id, LIST_NOUN);
      const { title, url, category } = request.body;
      return links.update(userId, request.params.id, { title, url, category });
    },
  );

  app.delete(
    '/links/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['links'],
        summary: 'Delete one of the caller’s links',
        security: BEARER,
        params: ZIdParams,
        querystring: ZOwnerQuery,
        response: { 200: ZMessageResponse, ...ERRORS },
      },
    },
    async (request) => {
      const userId = ownerId(request, request.query.user_id, LIST_NOUN);
      await links.remove(userId, request.params.id);
      return { message: 'Link deleted.' };
    },
  );

  app.get(
    '/links/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['links'],
        summary: 'The caller’s links as CSV (one download per user at a time: else 429)',
        security: BEARER,
        response: { 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = ownerId(request, undefined, LIST_NOUN);
      app.exportSlots.take(reply, userId);
      return sendCsvExport(reply, 'links.csv', LINK_FIELDS, (after, limit) =>
        links.pageAfter(userId, after, limit),
      );
    },
  );

  await app.register(withMultipartForms(linkImport));
};
