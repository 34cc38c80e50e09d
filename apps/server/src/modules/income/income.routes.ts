import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import {
  incomeRequestSchema,
  ZIncomeList,
  ZIncomeOne,
  type TIncomeToken,
} from '@nexusplay/contract/income';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { notFound } from '../../lib/app-error.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { utcDayOf } from '../analytics/analytics.service.js';
import { deleteIncome, insertIncome, listIncome, updateIncome } from './income.repository.js';
import { deriveIncome } from './income.service.js';

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
  return async (app) => {
    const db = () => app.db.kysely;

    /** Everything the server stores for a submitted form, derived at today's price. */
    const valuesFor = async (input: ReturnType<typeof ZRequest.parse>) => {
      const prices = await app.gateway.getPrices();
      const priceUsd = token === 'pixels' ? prices.pixels.usd : prices.axs.usd;
      const derived = deriveIncome(token, input, priceUsd);
      return {
        amount: input.amount,
        expense: derived.expense,
        expense_type: input.expense_type,
        expense_description: input.expense_description,
        date: input.date ?? utcDayOf(new Date()),
        price_usd: priceUsd,
        usd_idr: prices.usdIdr,
        converted_expense: derived.converted_expense,
        net_income: derived.net_income,
      };
    };

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
      },
      async (request) => ({ data: await listIncome(db(), requireUser(request).id, token) }),
    );

    app.post(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: 'Add a record; converted_expense and net_income are computed here',
          security: BEARER,
          body: ZRequest,
          response: { 201: ZIncomeOne, ...ERRORS },
        },
      },
      async (request, reply) => {
        const record = await insertIncome(
          db(),
          requireUser(request).id,
          token,
          await valuesFor(request.body),
        );
        return reply.status(201).send({ data: record });
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: 'Change one of the caller’s records',
          security: BEARER,
          params: ZIdParams,
          body: ZRequest,
          response: { 200: ZIncomeOne, ...ERRORS },
        },
      },
      async (request) => {
        const record = await updateIncome(
          db(),
          requireUser(request).id,
          token,
          request.params.id,
          await valuesFor(request.body),
        );
        if (!record) throw notFound('This record does not exist.');
        return { data: record };
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
        if (!(await deleteIncome(db(), requireUser(request).id, token, request.params.id))) {
          throw notFound('This record does not exist.');
        }
        return { message: 'Record deleted.' };
      },
    );
  };
}
