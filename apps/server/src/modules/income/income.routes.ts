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
import { notFound } from '../../lib/app-error.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import type { DayValuation } from '../../gateway/day-values.js';
import { deleteIncome, getIncomeValuation, listIncome, updateIncome } from './income.repository.js';
import { createIncome } from './create-income.js';
import {
  hasPending,
  recordDay,
  settlePendingIncome,
  valuationForEdit,
  valuedFields,
} from './income.service.js';

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

    const days = () => app.gateway.days;

    /** Everything the server stores for a submitted form dated `date`, at `valuation`. */
    const valuesFor = (
      input: ReturnType<typeof ZRequest.parse>,
      date: string,
      valuation: DayValuation,
    ) => ({
      amount: input.amount,
      expense_type: input.expense_type,
      expense_description: input.expense_description,
      date,
      ...valuedFields(token, input, valuation),
    });

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
      async (request) => {
        const records = await listIncome(db(), requireUser(request).id, token);
        const data = await settlePendingIncome(db(), days(), token, records);
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
        const date = recordDay(request.body.date, app.config.timeZone);
        const valuation = await days().on(token, date, { wait: true });
        const values = valuesFor(request.body, date, valuation);
        const userId = requireUser(request).id;
        const cap = app.config.rowCaps.incomeRecords;
        const record = await createIncome(db(), app.db.engine, userId, token, values, cap);
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
        const saved = await getIncomeValuation(db(), userId, token, request.params.id);
        if (!saved) throw notFound('This record does not exist.');
        const date = recordDay(request.body.date, app.config.timeZone);
        const valuation = await valuationForEdit(days(), token, saved, date);
        const values = valuesFor(request.body, date, valuation);
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
