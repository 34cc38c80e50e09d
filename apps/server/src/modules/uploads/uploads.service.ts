import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MIME_TYPES } from '@nexusplay/contract/uploads';
import { AppError, badRequest } from '../../lib/app-error.js';

/** Pictures are shown at most this wide; larger ones are scaled down when saved. */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 1600;
const WEBP_QUALITY = 82;

export type ProcessedImage = { hash: string; bytes: Buffer; width: number; height: number };

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_MIME_TYPES);

export const uploadUrl = (hash: string) => `/uploads/${hash}.webp`;

/**
 * Turns untrusted bytes into a WebP picture: the bytes decide the type (not the file name or the
 * declared type), the pixel count is bounded before decoding, metadata (EXIF, GPS) is dropped.
 */
export async function processImage(buffer: Buffer, field = 'image'): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError(415, 'Only PNG, JPEG, WebP, GIF or AVIF images are accepted.', {
      [field]: 'This file is not a supported image.',
    });
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(buffer, { limitInputPixels: false }).metadata());
  } catch {
    throw unreadable(field);
  }
  if (!width || !height) throw unreadable(field);
  if (width * height > IMAGE_MAX_PIXELS) {
    const megapixels = Math.round(IMAGE_MAX_PIXELS / 1_000_000);
    throw badRequest(`The image is larger than ${megapixels} megapixels.`, {
      [field]: `The image is larger than ${megapixels} megapixels.`,
    });
  }
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { hash: sha256(data), bytes: data, width: info.width, height: info.height };
  } catch {
    throw unreadable(field);
  }
}

const unreadable = (field: string) =>
  badRequest('The image could not be read.', { [field]: 'The image could not be read.' });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
