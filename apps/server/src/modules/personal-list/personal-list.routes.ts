import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import { ZImportResult, ZOwnerQuery, type zOwnerId } from '@nexusplay/contract/personal-rows';
import {
  TOTAL_COUNT_HEADER,
  TOTAL_IS_LOWER_BOUND_HEADER,
} from '@nexusplay/contract/wire-constants';
import { keptAnswers } from '../../http-cache/http-cache.js';
import { fieldColumns } from '../../lib/csv.js';
import { sendItems } from '../../lib/json-items.js';
import { sendCsvExport } from '../../lib/exports.js';
import { withMultipartForms } from '../../lib/multipart.js';
import { readImportFile } from '../../lib/row-import.js';
import { BEARER } from '../../lib/route-schemas.js';
import { ownerId } from '../../plugins/auth.js';
import type { PersonalList } from '../../db/personal-search.js';
import type { PersonalListDeps, PersonalListService } from './personal-list.service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What makes one personal list's routes different from another's. */
export type PersonalListApi<
  Field extends string,
  Item extends { id: number } & { [K in Field]: string | null },
  Values,
> = {
  /** The list's name: its path under /api, its tag, its rows in a refusal, its CSV file. */
  list: PersonalList;
  service: (deps: PersonalListDeps) => PersonalListService<Item, Values>;
  /** The row's own fields in column order: the CSV columns. */
  fields: readonly Field[];
  item: z.ZodType<Item>;
  request: z.ZodType<Values & { user_id?: z.output<typeof zOwnerId> }>;
  /** Error answers every route may give, besides 400, 401, 403 and 404. */
  moreErrors?: Record<number, typeof ZErrorResponse>;
  summaries: { list: string; create: string; remove: string; import: string };
  /** The answer of a delete: "Wallet deleted." */
  deleted: string;
};

/** The values a request body gives, without its owner (always the caller). */
const valuesOf = <Values>({ user_id: _owner, ...values }: { user_id?: unknown }) =>
  values as Values;

/**
 * The routes of one user's own list (wallets, links): list and search, add, change, delete,
 * export as CSV and import a file. Another user's row answers 404 on every route.
 */
export function personalListRoutes<
  Field extends string,
  Item extends { id: number } & { [K in Field]: string | null },
  Values,
>(api: PersonalListApi<Field, Item, Values>): FastifyPluginAsyncZod {
  const { list, summaries } = api;
  const errors = {
    400: ZErrorResponse,
    401: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    ...api.moreErrors,
  };
  // The list's schemas are checked against its types where it is declared (PersonalListApi);
  // here Fastify sees them as the shape every list shares.
  const item = api.item as z.ZodType<{ id: number }>;
  const body = api.request as z.ZodType<{ user_id?: number }>;
  const path = `/${list}`;
  const tags = [list];
  const serviceOf = (app: App) => api.service({ database: app.db, cap: app.config.rowCaps[list] });

  /** Importing rows from an uploaded file (a multipart form). */
  const importing: FastifyPluginAsyncZod = async (app) => {
    const service = serviceOf(app);
    app.post(
      `${path}/import`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: summaries.import,
          consumes: ['multipart/form-data'],
          security: BEARER,
          response: { 200: ZImportResult, ...errors, 413: ZErrorResponse, 415: ZErrorResponse },
        },
      },
      async (request) => {
        const userId = ownerId(request, undefined, list);
        return service.import(userId, await readImportFile(request));
      },
    );
  };

  return async (app) => {
    const service = serviceOf(app);

    app.get(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: summaries.list,
          security: BEARER,
          querystring: ZListQuery.extend(ZOwnerQuery.shape),
          response: { 200: z.array(item), ...errors },
        },
        ...keptAnswers(app, { own: [list], derived: ['personal_list_counts'] }, [
          TOTAL_COUNT_HEADER,
          TOTAL_IS_LOWER_BOUND_HEADER,
        ]),
      },
      async (request, reply) => {
        const userId = ownerId(request, request.query.user_id, list);
        const { items, total, totalIsLowerBound } = await service.list(userId, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        if (totalIsLowerBound) reply.header(TOTAL_IS_LOWER_BOUND_HEADER, 'true');
        return sendItems(reply, items);
      },
    );

    app.post(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: summaries.create,
          security: BEARER,
          body,
          response: { 201: item, ...errors, 409: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const userId = ownerId(request, request.body.user_id, list);
        return reply.status(201).send(await service.create(userId, valuesOf<Values>(request.body)));
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `Change one of the caller’s ${list}`,
          security: BEARER,
          params: ZIdParams,
          body,
          response: { 200: item, ...errors },
        },
      },
      async (request) => {
        const userId = ownerId(request, request.body.user_id, list);
        return service.update(userId, request.params.id, valuesOf<Values>(request.body));
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: summaries.remove,
          security: BEARER,
          params: ZIdParams,
          querystring: ZOwnerQuery,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        const userId = ownerId(request, request.query.user_id, list);
        await service.remove(userId, request.params.id);
        return { message: api.deleted };
      },
    );

    app.get(
      `${path}/export`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `The caller’s ${list} as CSV (one download per user at a time: else 429)`,
          security: BEARER,
          response: { 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const userId = ownerId(request, undefined, list);
        app.exportSlots.take(reply, userId);
        return sendCsvExport(
          reply,
          `${list}.csv`,
          fieldColumns<Field, Item>(api.fields),
          (after, limit) => service.pageAfter(userId, after, limit),
        );
      },
    );

    await app.register(withMultipartForms(importing));
  };
}
