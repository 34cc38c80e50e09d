import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { ZTool, ZToolRequest } from '@nexusplay/contract/tools';
import { cachedListRoute } from '../../http-cache/http-cache.js';
import { BEARER, WRITE_ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { toolsService } from './tools.service.js';

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tools = toolsService({
    db: app.db.kysely,
    engine: app.db.engine,
    publicCache: app.publicCache,
  });

  cachedListRoute(app, 'tools', {
    summary: 'The tools of the tools dashboard; X-Total-Count holds the number of matches',
    item: ZTool,
    load: (query) => tools.list(query),
  });

  app.post(
    '/tools',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Add a tool',
        security: BEARER,
        body: ZToolRequest,
        response: { 201: ZTool, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await tools.create(request.body));
    },
  );

  app.put(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Change a tool',
        security: BEARER,
        params: ZIdParams,
        body: ZToolRequest,
        response: { 200: ZTool, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request) => tools.update(request.params.id, request.body),
  );

  app.delete(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Delete a tool',
        security: BEARER,
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await tools.remove(request.params.id);
      return { message: 'Tool deleted.' };
    },
  );
};
