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
import { dayIn } from '../../lib/dates.js';
import {
  deleteIncome,
  getIncomeRates,
  insertIncome,
  listIncome,
  updateIncome,
} from './income.repository.js';
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

    /** The token price and exchange rate now, for a new record. */
    const currentRates = async () => {
      const prices = await app.gateway.getPrices();
      return {
        priceUsd: token === 'pixels' ? prices.pixels.usd : prices.axs.usd,
        usdIdr: prices.usdIdr,
      };
    };

    /** Everything the server stores for a submitted form, derived at the given rates. */
    const valuesFor = (
      input: ReturnType<typeof ZRequest.parse>,
      rates: { priceUsd: number; usdIdr: number },
    ) => {
      const { priceUsd, usdIdr } = rates;
      const derived = deriveIncome(token, input, priceUsd);
      return {
        amount: input.amount,
        expense: derived.expense,
        expense_type: input.expense_type,
        expense_description: input.expense_description,
        date: input.date ?? dayIn(app.config.timeZone),
        price_usd: priceUsd,
        usd_idr: usdIdr,
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
        const values = valuesFor(request.body, await currentRates());
        const record = await insertIncome(db(), requireUser(request).id, token, values);
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
            'Change one of the caller’s records (derived at the rates it was first saved at)',
          security: BEARER,
          params: ZIdParams,
          body: ZRequest,
          response: { 200: ZIncomeOne, ...ERRORS },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        // An edit keeps the rates the record was first saved at, so its history does not drift.
        const saved = await getIncomeRates(db(), userId, token, request.params.id);
        if (!saved) throw notFound('This record does not exist.');
        const values = valuesFor(request.body, {
          priceUsd: saved.price_usd,
          usdIdr: saved.usd_idr,
        });
        const record = await updateIncome(db(), userId, token, request.params.id, values);
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
