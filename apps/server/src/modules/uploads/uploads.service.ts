import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { processImage, type ProcessedImage } from './images.js';
import { deleteUploadIfUnreferenced, getUpload, saveUpload } from './uploads.repository.js';

type DB = Kysely<Database>;

/** What the uploads module needs from the app. */
export type UploadsDeps = { db: DB };

/** Stored pictures, served by the hash of their bytes. */
export function uploadsService({ db }: UploadsDeps) {
  return {
    async picture(hash: string) {
      const upload = await getUpload(db, hash);
      if (!upload) throw notFound('This picture does not exist.');
      return upload;
    },
  };
}

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

/** After a row is deleted, inside its transaction: its picture goes too, unless another row shows it. */
export const dropPictureIfUnused = (trx: DB, image: string | null) =>
  deleteUploadIfUnreferenced(trx, image);
