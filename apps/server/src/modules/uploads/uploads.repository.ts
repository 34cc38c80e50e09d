import type { Kysely } from 'kysely';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database } from '../../db/schema.js';
import type { ProcessedImage } from './images.js';

type DB = Kysely<Database>;

/** Where a stored picture is served: its name is the hash of its bytes. */
export const uploadUrl = (hash: string) => `/uploads/${hash}.webp`;

const URL_PATTERN = /^\/uploads\/([a-f0-9]{64})\.webp$/;

export const hashOfUploadUrl = (url: string | null | undefined) =>
  url ? URL_PATTERN.exec(url)?.[1] : undefined;

/** Stores the picture once, however many rows use it; answers the URL rows keep. */
export async function saveUpload(db: DB, image: ProcessedImage): Promise<string> {
  await db
    .insertInto('uploads')
    .values({
      hash: image.hash,
      mime: 'image/webp',
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      size: image.bytes.length,
      created_at: nowTimestamp(),
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  return uploadUrl(image.hash);
}

export function getUpload(db: DB, hash: string) {
  return db
    .selectFrom('uploads')
    .select(['bytes', 'mime'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Removes the picture behind `url` when no game or blog shows it any more. */
export async function deleteUploadIfUnreferenced(
  db: DB,
  url: string | null | undefined,
): Promise<void> {
  const hash = hashOfUploadUrl(url);
  if (!url || !hash) return;
  const [game, blog] = await Promise.all([
    db.selectFrom('games').select('id').where('image', '=', url).limit(1).executeTakeFirst(),
    db.selectFrom('blogs').select('id').where('image', '=', url).limit(1).executeTakeFirst(),
  ]);
  if (!game && !blog) await db.deleteFrom('uploads').where('hash', '=', hash).execute();
}
