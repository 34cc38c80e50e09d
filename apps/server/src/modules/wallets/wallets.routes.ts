import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import {
  ZIdParams,
  ZListQuery,
  ZMessageResponse,
  TOTAL_COUNT_HEADER,
} from '@nexusplay/contract/lists';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ZImportResult,
  ZOwnerQuery,
  ZWallet,
  ZWalletRequest,
} from '@nexusplay/contract/wallets';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { parseCsv, toCsv } from '../../lib/csv.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { BEARER } from '../../lib/route-schemas.js';
import { fieldErrors } from '../../lib/validation.js';
import { ownerId } from '../../plugins/auth.js';
import {
  allWallets,
  deleteWallet,
  existingAddresses,
  insertWallet,
  listWallets,
  normaliseAddress,
  updateWallet,
} from './wallets.repository.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const NOT_FOUND = 'This wallet does not exist.';
const DUPLICATE = 'You already track this wallet address.';
const WHAT = 'wallets';

const duplicate = () => conflict(DUPLICATE, { wallet_address: DUPLICATE });

/** Wallet Tracker: each user's own wallets; another user's wallet answers 404 on every route. */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.kysely;

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
    },
    async (request, reply) => {
      const userId = ownerId(request, request.query.user_id, WHAT);
      const { items, total } = await listWallets(db(), userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
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
      const userId = ownerId(request, request.body.user_id, WHAT);
      try {
        return reply.status(201).send(await insertWallet(db(), userId, request.body));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
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
      const userId = ownerId(request, request.body.user_id, WHAT);
      try {
        const wallet = await updateWallet(db(), userId, request.params.id, request.body);
        if (!wallet) throw notFound(NOT_FOUND);
        return wallet;
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
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
      const userId = ownerId(request, request.query.user_id, WHAT);
      if (!(await deleteWallet(db(), userId, request.params.id))) throw notFound(NOT_FOUND);
      return { message: 'Wallet deleted.' };
    },
  );

  app.get(
    '/wallets/export',
    {
      config: { access: 'user' },
      schema: { tags: ['wallets'], summary: 'The caller’s wallets as CSV', security: BEARER },
    },
    async (request, reply) => {
      const wallets = await allWallets(db(), ownerId(request, undefined, WHAT));
      const csv = toCsv(
        ['wallet_name', 'wallet_address', 'category'],
        wallets.map((w) => [w.wallet_name, w.wallet_address, w.category]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="wallets.csv"')
        .send(csv);
    },
  );

  app.post(
    '/wallets/import',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: 'Import wallets from a CSV file (columns wallet_name, wallet_address, category)',
        consumes: ['multipart/form-data'],
        security: BEARER,
        response: { 200: ZImportResult, ...ERRORS, 413: ZErrorResponse, 415: ZErrorResponse },
      },
    },
    async (request) => {
      const userId = ownerId(request, undefined, WHAT);
      const form = await readMultipartForm(request, 'file');
      if (!form.file)
        throw new AppError(400, 'Choose a CSV file to import.', {
          file: 'Choose a CSV file to import.',
        });
      if (form.file.buffer.length > IMPORT_MAX_BYTES)
        throw new AppError(413, 'The file is larger than 1 MB.');
      const records = parseCsv(form.file.buffer.toString('utf8'), IMPORT_MAX_ROWS);

      const known = await existingAddresses(db(), userId);
      const rejected: { line: number; reason: string }[] = [];
      const accepted: z.output<typeof ZWalletRequest>[] = [];
      let skipped = 0;
      for (const { line, values } of records) {
        const parsed = ZWalletRequest.omit({ user_id: true }).safeParse(values);
        if (!parsed.success) {
          rejected.push({
            line,
            reason: Object.values(fieldErrors(parsed.error.issues)).join(' '),
          });
          continue;
        }
        const { address } = normaliseAddress(parsed.data.wallet_address);
        if (known.has(address)) {
          skipped += 1;
          continue;
        }
        known.add(address);
        accepted.push(parsed.data);
      }
      await db()
        .transaction()
        .execute(async (trx) => {
          for (const wallet of accepted) await insertWallet(trx, userId, wallet);
        });
      return { imported: accepted.length, skipped, rejected };
    },
  );
};
