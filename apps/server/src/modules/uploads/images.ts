import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MIME_TYPES } from '@nexusplay/contract/uploads';
import { AppError, badRequest } from '../../lib/app-error.js';

/** Pictures are shown at most this wide; larger ones are scaled down when saved. */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 1600;
const WEBP_QUALITY = 82;
/**
 * The accepted formats are told apart by their first bytes; the type sniffer sees no more, so
 * what follows cannot steer it into a long walk of the file.
 */
const SNIFF_BYTES = 64 * 1024;
/**
 * Decoding runs on the thread pool, not the event loop, but a picture built to decode slowly
 * would hold a pool thread; a picture within the pixel limit takes well under a second.
 */
const DECODE_TIMEOUT_SECONDS = 20;

export type ProcessedImage = { hash: string; bytes: Buffer; width: number; height: number };

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_MIME_TYPES);

/**
 * Turns untrusted bytes into a WebP picture: the bytes decide the type (not the file name or the
 * declared type), the pixel count is bounded before decoding, metadata (EXIF, GPS) is dropped.
 *
 * The decoder reads the header once and refuses a picture over the pixel limit before decoding
 * any pixel. Asking for the header separately first read it twice, which for a PNG of compressed
 * text chunks doubled the work, and for a GIF of many frames built a list of every frame's delay
 * on the event loop.
 */
export async function processImage(buffer: Buffer, field = 'image'): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(buffer.subarray(0, SNIFF_BYTES));
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError(415, 'Only PNG, JPEG, WebP, GIF or AVIF images are accepted.', {
      [field]: 'This file is not a supported image.',
    });
  }
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { hash: sha256(data), bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw PIXEL_LIMIT.test((error as Error).message) ? tooLarge(field) : unreadable(field);
  }
}

/** How the decoder says a header names more pixels than limitInputPixels. */
const PIXEL_LIMIT = /exceeds pixel limit/;

const MEGAPIXELS = Math.round(IMAGE_MAX_PIXELS / 1_000_000);

const tooLarge = (field: string) =>
  badRequest(`The image is larger than ${MEGAPIXELS} megapixels.`, {
    [field]: `The image is larger than ${MEGAPIXELS} megapixels.`,
  });

const unreadable = (field: string) =>
  badRequest('The image could not be read.', { [field]: 'The image could not be read.' });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
