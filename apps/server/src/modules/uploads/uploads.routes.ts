import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadsService } from './uploads.service.js';

const ZUploadParams = z.object({ file: z.string().regex(/^[a-f0-9]{64}\.webp$/, 'Unknown file.') });

/** Pictures by content address: the name is the hash of the bytes, so they never change. */
export const uploadFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = uploadsService({ db: app.db.kysely });

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
      const upload = await uploads.picture(hash);
      return reply
        .header('content-type', upload.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .send(upload.bytes);
    },
  );
};
