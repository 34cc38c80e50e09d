import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { getUpload } from './uploads.repository.js';

const ZUploadParams = z.object({ file: z.string().regex(/^[a-f0-9]{64}\.webp$/, 'Unknown file.') });

/** Pictures by content address: the name is the hash of the bytes, so they never change. */
export const uploadFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: ZUploadParams },
    },
    async (request, reply) => {
      const hash = request.params.file.slice(0, 64);
      const etag = `"${hash}"`;
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const upload = await getUpload(app.db.kysely, hash);
      if (!upload) throw notFound('This picture does not exist.');
      return reply
        .header('content-type', upload.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .send(upload.bytes);
    },
  );
};
