import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import {
  incomeRequestSchema,
  ZIncomeList,
  ZIncomeOne,
  type TIncomeToken,
} from '@nexusplay/contract/income';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { answerNotKept, keptAnswers } from '../../http-cache/http-cache.js';
import { sendCsvExport } from '../../lib/exports.js';
import { JsonItems, sendJsonText } from '../../lib/json-items.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { incomeCsvColumns } from './income-csv.js';
import { hasPending, incomeService } from './income.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/** Income Pixels (/income-pixels) and Income Axie (/income-axie): one set of routes per token. */
export function incomeRoutes(token: TIncomeToken, path: string): FastifyPluginAsyncZod {
  const ZRequest = incomeRequestSchema(token);
  const tag = `income-${token}`;
  const csvColumns = incomeCsvColumns(token);
  return async (app) => {
    const income = incomeService(
      {
        database: app.db,
        days: app.gateway.days,
        timeZone: app.config.timeZone,
        cap: app.config.rowCaps.incomeRecords,
      },
      token,
    );

    app.get(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: 'The caller’s records, newest date first',
          security: BEARER,
          response: { 200: ZIncomeList, ...ERRORS },
        },
        ...keptAnswers(app, { own: ['income_records'] }),
      },
      async (request, reply) => {
        const data = await income.list(requireUser(request).id);
        if (data instanceof JsonItems) {
          return sendJsonText(reply, `{"data":${data.text}}`);
        }
        // A record still waiting for its day's price is valued by a later read: not kept.
        if (hasPending(data)) answerNotKept(app, request);
        return { data };
      },
    );

    app.post(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary:
            'Add a record, valued at the token’s price on its date (null while pending); ' +
            'converted_expense and net_income are computed here',
          security: BEARER,
          body: ZRequest,
          response: { 201: ZIncomeOne, ...ERRORS, 409: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const record = await income.create(requireUser(request).id, request.body);
        return reply.status(201).send({ data: record });
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary:
            'Change one of the caller’s records (kept at the figures of its day; a new date ' +
            'is valued at that day’s)',
          security: BEARER,
          params: ZIdParams,
          body: ZRequest,
          response: { 200: ZIncomeOne, ...ERRORS },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        return { data: await income.update(userId, request.params.id, request.body) };
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: 'Delete one of the caller’s records',
          security: BEARER,
          params: ZIdParams,
          response: { 200: ZMessageResponse, ...ERRORS },
        },
      },
      async (request) => {
        await income.remove(requireUser(request).id, request.params.id);
        return { message: 'Record deleted.' };
      },
    );

    app.get(
      `${path}/export`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: 'The caller’s records as CSV (one download per user at a time: else 429)',
          security: BEARER,
          response: { 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        app.exportSlots.take(reply, userId);
        return sendCsvExport(reply, income.exportName(), csvColumns, (after, limit) =>
          income.pageAfter(userId, after, limit),
        );
      },
    );
  };
}
