import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteUploadIfUnreferenced, saveUpload } from './uploads.repository.js';
import { processImage, type ProcessedImage } from './uploads.service.js';

type DB = Kysely<Database>;

/** What a form asks for a row's picture: a new one, none (`remove`), or else the one it has. */
export type PictureChoice = { picture?: ProcessedImage; remove?: boolean };

/**
 * Reads a form's picture choice. The file is processed here, before any transaction opens:
 * decoding takes long enough that it must not hold one.
 */
export async function readPictureChoice(
  file: Buffer | undefined,
  remove = false,
): Promise<PictureChoice> {
  return { picture: file ? await processImage(file) : undefined, remove };
}

/**
 * Writes a game's or a post's row, inside the caller's transaction, with the picture the choice
 * leaves it: a new picture is stored first, and the one the row had (`current`) is deleted once
 * no row shows it any more.
 */
export async function writeWithPicture<T>(
  trx: DB,
  choice: PictureChoice,
  current: string | null,
  write: (image: string | null) => Promise<T>,
): Promise<T> {
  const image = choice.picture
    ? await saveUpload(trx, choice.picture)
    : choice.remove
      ? null
      : current;
  const written = await write(image);
  if (current !== image) await deleteUploadIfUnreferenced(trx, current);
  return written;
}

/** After a row is deleted: its picture goes too, unless another row shows it. */
export const dropPictureIfUnused = (trx: DB, image: string | null) =>
  deleteUploadIfUnreferenced(trx, image);
