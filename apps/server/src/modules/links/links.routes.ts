import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_FIELDS, ZLink, ZLinkRequest } from '@nexusplay/contract/links';
import { errorReply } from '../../plugins/errors.js';
import { personalListRoutes } from '../personal-list/personal-list.routes.js';
import { linksService } from './links.service.js';

/** Link Manager: each user's own links; another user's link answers 404 on every route. */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's link manager shows the answer's `error` field, so link failures carry it too.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorReply(error, request);
    return reply.status(status).send({ ...body, error: body.message });
  });

  await app.register(
    personalListRoutes({
      list: 'links',
      service: linksService,
      fields: LINK_FIELDS,
      item: ZLink,
      request: ZLinkRequest,
      summaries: {
        list: 'The caller’s links; search over title and category',
        create: 'Save a link',
        remove: 'Delete one of the caller’s links',
        import: `Import links from CSV (${LINK_FIELDS.join(', ')}) or a browser bookmarks file`,
      },
      deleted: 'Link deleted.',
    }),
  );
};
