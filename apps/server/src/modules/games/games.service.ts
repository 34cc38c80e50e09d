import type { Kysely } from 'kysely';
import type { TListQuery } from '@nexusplay/contract/lists';
import type { Database, Engine } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { PublicCache } from '../../http-cache/http-cache.js';
import { notFound } from '../../lib/app-error.js';
import {
  dropPictureIfUnused,
  writeWithPicture,
  type PictureChoice,
} from '../uploads/uploads.service.js';
import {
  deleteGame,
  getGame,
  insertGame,
  listGames,
  updateGame,
  type GameValues,
} from './games.repository.js';

/** What the games module needs from the app. */
export type GamesDeps = {
  db: Kysely<Database>;
  engine: Engine;
  publicCache: Pick<PublicCache, 'invalidate'>;
};

export type GameFields = Omit<GameValues, 'image'>;
export type GamesService = ReturnType<typeof gamesService>;

const missing = () => notFound('This game does not exist.');

/** The games catalogue: every write drops the public list once it has committed. */
export function gamesService({ db, engine, publicCache }: GamesDeps) {
  const changed = () => publicCache.invalidate('games');

  return {
    list: (query: TListQuery) => listGames(db, engine, query),

    async create(fields: GameFields, choice: PictureChoice) {
      const game = await inTransaction(db, (trx) =>
        writeWithPicture(trx, choice, null, (image) => insertGame(trx, { ...fields, image })),
      );
      await changed();
      return game;
    },

    async update(id: number, fields: GameFields, choice: PictureChoice) {
      const game = await inTransaction(db, async (trx) => {
        const current = await getGame(trx, id);
        if (!current) throw missing();
        return writeWithPicture(trx, choice, current.image, (image) =>
          updateGame(trx, id, { ...fields, image }),
        );
      });
      if (!game) throw missing();
      await changed();
      return game;
    },

    async remove(id: number) {
      await inTransaction(db, async (trx) => {
        const deleted = await deleteGame(trx, id);
        if (!deleted) throw missing();
        await dropPictureIfUnused(trx, deleted.image);
      });
      await changed();
    },
  };
}
