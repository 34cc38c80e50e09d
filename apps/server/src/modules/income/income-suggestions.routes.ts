import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import type { TIncomeToken } from '@nexusplay/contract/income';
import {
  INCOME_TOKEN_SYMBOL,
  ZAcceptAllRequest,
  ZAcceptAllResponse,
  ZAcceptSuggestionResponse,
  ZIgnoreSuggestionResponse,
  ZIncomeAutoList,
  ZIncomeAutoRequest,
  ZIncomeAutoResponse,
  ZIncomeSuggestionPage,
  ZIncomeSuggestionQuery,
} from '@nexusplay/contract/income-suggestions';
import { ZIdParams } from '@nexusplay/contract/lists';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/wire-constants';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { incomeSuggestionsService } from './income-suggestions.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/**
 * Income found on chain for one tracker (`path`: /income-pixels or /income-axie): the incoming
 * transfers of its token to the caller's wallets, offered as records, and each wallet's switch
 * that adds them without a click.
 */
export function incomeSuggestionRoutes(token: TIncomeToken, path: string): FastifyPluginAsyncZod {
  const tag = `income-${token}`;
  const symbol = INCOME_TOKEN_SYMBOL[token];
  return async (app) => {
    const suggestions = incomeSuggestionsService(
      {
        db: app.db.kysely,
        engine: app.db.engine,
        days: app.gateway.days,
        timeZone: app.config.timeZone,
        cap: app.config.rowCaps.incomeRecords,
        tokens: app.config.gateway.ronin.tokens,
      },
      token,
    );

    app.get(
      `${path}/suggestions`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary:
            `Incoming ${symbol} transfers to the caller’s wallets from an address none of ` +
            'them, not yet added or ignored: newest first, paged (total in the body and ' +
            'X-Total-Count); values at the day’s price, null while pending',
          security: BEARER,
          querystring: ZIncomeSuggestionQuery,
          response: { 200: ZIncomeSuggestionPage, ...ERRORS },
        },
      },
      async (request, reply) => {
        const page = await suggestions.list(requireUser(request).id, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        return page;
      },
    );

    app.post(
      `${path}/suggestions/accept-all`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary:
            'Add the suggestions the page shows (their ids, at most a page) as records in one ' +
            'go: all are the caller’s or none is added (404); ones added already are answered ' +
            'as they are; past the cap 409',
          security: BEARER,
          body: ZAcceptAllRequest,
          response: { 200: ZAcceptAllResponse, ...ERRORS, 409: ZErrorResponse },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const { added, records } = await suggestions.acceptAll(userId, request.body.ids);
        return {
          message: `${added.length} ${added.length === 1 ? 'record' : 'records'} added.`,
          added: added.length,
          data: records,
        };
      },
    );

    app.post(
      `${path}/suggestions/:id/accept`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary:
            'Add a suggestion as the record it makes (its day, amount, the day’s price, the ' +
            'wallet as the note): 201; 200 with the same record when it was added already',
          security: BEARER,
          params: ZIdParams,
          response: {
            200: ZAcceptSuggestionResponse,
            201: ZAcceptSuggestionResponse,
            ...ERRORS,
            409: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        const { created, record } = await suggestions.accept(userId, request.params.id);
        return reply.status(created ? 201 : 200).send({
          message: created ? 'Added as income.' : 'Already added as income.',
          created,
          data: record,
        });
      },
    );

    app.post(
      `${path}/suggestions/:id/ignore`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: 'Stop offering a suggestion (409 when it is added as income already)',
          security: BEARER,
          params: ZIdParams,
          response: { 200: ZIgnoreSuggestionResponse, ...ERRORS, 409: ZErrorResponse },
        },
      },
      async (request) => {
        await suggestions.ignore(requireUser(request).id, request.params.id);
        return { message: 'Suggestion ignored.' };
      },
    );

    app.get(
      `${path}/auto-add`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary: `The caller’s wallets, each with whether incoming ${symbol} is added automatically`,
          security: BEARER,
          response: { 200: ZIncomeAutoList, ...ERRORS },
        },
      },
      async (request) => ({ data: await suggestions.autoList(requireUser(request).id) }),
    );

    app.put(
      `${path}/auto-add/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags: [tag],
          summary:
            `Turn the automatic adding of incoming ${symbol} on or off for one of the caller’s ` +
            'wallets (transfers arriving from then on)',
          security: BEARER,
          params: ZIdParams,
          body: ZIncomeAutoRequest,
          response: { 200: ZIncomeAutoResponse, ...ERRORS },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const state = await suggestions.setAuto(userId, request.params.id, request.body.on);
        return {
          ...state,
          message: state.on
            ? `Incoming ${symbol} to ${state.wallet.name} is added automatically.`
            : `Incoming ${symbol} to ${state.wallet.name} is offered as suggestions.`,
        };
      },
    );
  };
}
