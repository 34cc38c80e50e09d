import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGame, ZGameFields } from '@nexusplay/contract/games';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { cachedListRoute } from '../../http-cache/http-cache.js';
import { readMultipartForm, withMultipartForms } from '../../lib/multipart.js';
import { parseOrThrow } from '../../lib/validation.js';
import { BEARER, WRITE_ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { readPictureChoice } from '../uploads/uploads.service.js';
import { gamesService, type GamesService } from './games.service.js';

const multipartDoc = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data with the text fields name, description, link (http or https), optionally remove_image=true on update, and an optional image file (PNG, JPEG, WebP, GIF or AVIF, at most 5 MB and 40 megapixels).',
  security: BEARER,
};

/** Adding and changing a game: multipart forms with an optional picture. */
const gameForms =
  (games: GamesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/games',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['games'],
          summary: 'Add a game',
          ...multipartDoc,
          response: { 201: ZGame, ...WRITE_ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, 'image');
        const { remove_image: _ignored, ...fields } = parseOrThrow(ZGameFields, form.fields);
        const game = await games.create(fields, await readPictureChoice(form.file?.buffer));
        return reply.status(201).send(game);
      },
    );

    app.put(
      '/games/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['games'],
          summary: 'Change a game',
          ...multipartDoc,
          params: ZIdParams,
          response: { 200: ZGame, ...WRITE_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { id } = request.params;
        const form = await readMultipartForm(request, 'image');
        const { remove_image: removeImage, ...fields } = parseOrThrow(ZGameFields, form.fields);
        const choice = await readPictureChoice(form.file?.buffer, removeImage);
        return games.update(id, fields, choice);
      },
    );
  };

export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const games = gamesService({
    db: app.db.kysely,
    engine: app.db.engine,
    publicCache: app.publicCache,
  });

  cachedListRoute(app, 'games', {
    summary:
      'Games, newest first; X-Total-Count holds the number of matches (a lower bound when X-Total-Count-Lower-Bound is true)',
    item: ZGame,
    load: (query) => games.list(query),
  });

  await app.register(withMultipartForms(gameForms(games)));

  app.delete(
    '/games/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['games'],
        summary: 'Delete a game',
        security: BEARER,
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await games.remove(request.params.id);
      return { message: 'Game deleted.' };
    },
  );
};
