import type { Kysely } from 'kysely';
import { notFound } from '../../lib/app-error.js';
import type { Database } from '../../db/schema.js';
import {
  dropPictureIfUnused,
  writeWithPicture,
  type PictureChoice,
} from '../uploads/row-pictures.js';
import {
  deleteGame,
  getGame,
  insertGame,
  updateGame,
  type GameValues,
} from './games.repository.js';

type DB = Kysely<Database>;
type GameFields = Omit<GameValues, 'image'>;

const missing = () => notFound('This game does not exist.');

export function createGame(db: DB, fields: GameFields, choice: PictureChoice) {
  return db
    .transaction()
    .execute((trx) =>
      writeWithPicture(trx, choice, null, (image) => insertGame(trx, { ...fields, image })),
    );
}

export async function changeGame(db: DB, id: number, fields: GameFields, choice: PictureChoice) {
  const game = await db.transaction().execute(async (trx) => {
    const current = await getGame(trx, id);
    if (!current) throw missing();
    return writeWithPicture(trx, choice, current.image, (image) =>
      updateGame(trx, id, { ...fields, image }),
    );
  });
  if (!game) throw missing();
  return game;
}

export function removeGame(db: DB, id: number) {
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteGame(trx, id);
    if (!deleted) throw missing();
    await dropPictureIfUnused(trx, deleted.image);
  });
}
