import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { ZTool, ZToolRequest } from '@nexusplay/contract/tools';
import { notFound } from '../../lib/app-error.js';
import { cachedListRoute } from '../../http-cache/http-cache.js';
import { BEARER, WRITE_ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { deleteTool, insertTool, listTools, updateTool } from './tools.repository.js';

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.kysely;

  cachedListRoute(app, 'tools', {
    summary: 'The tools of the tools dashboard; X-Total-Count holds the number of matches',
    item: ZTool,
    load: (query) => listTools(db(), app.db.engine, query),
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
      const tool = await insertTool(db(), request.body);
      await app.publicCache.invalidate('tools');
      return reply.status(201).send(tool);
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
    async (request) => {
      const tool = await updateTool(db(), request.params.id, request.body);
      if (!tool) throw notFound('This tool does not exist.');
      await app.publicCache.invalidate('tools');
      return tool;
    },
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
      const deleted = await deleteTool(db(), request.params.id);
      if (!deleted) throw notFound('This tool does not exist.');
      await app.publicCache.invalidate('tools');
      return { message: 'Tool deleted.' };
    },
  );
};
