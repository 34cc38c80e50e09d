import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import {
  TOTAL_COUNT_HEADER,
  TOTAL_IS_LOWER_BOUND_HEADER,
} from '@nexusplay/contract/wire-constants';
import { ZImportResult, ZOwnerQuery } from '@nexusplay/contract/personal-rows';
import { WALLET_FIELDS, ZWallet, ZWalletRequest } from '@nexusplay/contract/wallets';
import { keptAnswers } from '../../http-cache/http-cache.js';
import { sendCsvExport } from '../../lib/exports.js';
import { readImportFile } from '../../lib/row-import.js';
import { withMultipartForms } from '../../lib/multipart.js';
import { BEARER } from '../../lib/route-schemas.js';
import { ownerId } from '../../plugins/auth.js';
import { walletsService, type WalletsDeps } from './wallets.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
/** What the caller's rows are called in the refusal of another user's id. */
const LIST_NOUN = 'wallets';

const depsOf = (app: Parameters<FastifyPluginAsyncZod>[0]): WalletsDeps => ({
  db: app.db.kysely,
  engine: app.db.engine,
  cap: app.config.rowCaps.wallets,
});

/** Importing wallets from an uploaded CSV file (a multipart form). */
const walletImport: FastifyPluginAsyncZod = async (app) => {
  const wallets = walletsService(depsOf(app));

  app.post(
    '/wallets/import',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: `Import wallets from a CSV file (columns ${WALLET_FIELDS.join(', ')})`,
        consumes: ['multipart/form-data'],
        security: BEARER,
        response: { 200: ZImportResult, ...ERRORS, 413: ZErrorResponse, 415: ZErrorResponse },
      },
    },
    async (request) => {
      const userId = ownerId(request, undefined, LIST_NOUN);
      return wallets.import(userId, await readImportFile(request));
    },
  );
};

/** Wallet Tracker: each user's own wallets; another user's wallet answers 404 on every route. */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const wallets = walletsService(depsOf(app));

  app.get(
    '/wallets',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: 'The caller’s wallets; search over name, address and category',
        security: BEARER,
        querystring: ZListQuery.extend(ZOwnerQuery.shape),
        response: { 200: z.array(ZWallet), ...ERRORS },
      },
      ...keptAnswers(app, { own: ['wallets'] }, [TOTAL_COUNT_HEADER, TOTAL_IS_LOWER_BOUND_HEADER]),
    },
    async (request, reply) => {
      const userId = ownerId(request, request.query.user_id, LIST_NOUN);
      const { items, total, totalIsLowerBound } = await wallets.list(userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (totalIsLowerBound) reply.header(TOTAL_IS_LOWER_BOUND_HEADER, 'true');
      return items;
    },
  );

  app.post(
    '/wallets',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: 'Track a wallet',
        security: BEARER,
        body: ZWalletRequest,
        response: { 201: ZWallet, ...ERRORS },
      },
    },
    async (request, reply) => {
      const userId = ownerId(request, request.body.user_id, LIST_NOUN);
      return reply.status(201).send(await wallets.create(userId, request.body));
    },
  );

  app.put(
    '/wallets/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: 'Change one of the caller’s wallets',
        security: BEARER,
        params: ZIdParams,
        body: ZWalletRequest,
        response: { 200: ZWallet, ...ERRORS },
      },
    },
    async (request) => {
      const userId = ownerId(request, request.body.user_id, LIST_NOUN);
      return wallets.update(userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/wallets/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: 'Stop tracking one of the caller’s wallets',
        security: BEARER,
        params: ZIdParams,
        querystring: ZOwnerQuery,
        response: { 200: ZMessageResponse, ...ERRORS },
      },
    },
    async (request) => {
      const userId = ownerId(request, request.query.user_id, LIST_NOUN);
      await wallets.remove(userId, request.params.id);
      return { message: 'Wallet deleted.' };
    },
  );

  app.get(
    '/wallets/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: 'The caller’s wallets as CSV (one download per user at a time: else 429)',
        security: BEARER,
        response: { 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = ownerId(request, undefined, LIST_NOUN);
      app.exportSlots.take(reply, userId);
      return sendCsvExport(reply, 'wallets.csv', WALLET_FIELDS, (after, limit) =>
        wallets.pageAfter(userId, after, limit),
      );
    },
  );

  await app.register(withMultipartForms(walletImport));
};
