import zlib from 'node:zlib';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@nexusplay/contract/uploads';
import { hugePngHeader } from './content.js';

/** A picture sent to an upload route and the status it must get. */
export type HostileImage = { name: string; bytes: Buffer; status: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A greyscale PNG of one colour, `extra` chunks before its pixels. */
function greyPng(width: number, height: number, extra: Buffer[] = []) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  const pixels = zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...extra,
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Text chunks whose compressed text inflates to `chunks` × 64 MB (a bomb in the metadata). */
function zTxtBomb(chunks: number) {
  const text = zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x41), { level: 9 });
  const chunk = pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), text]));
  return Array.from({ length: chunks }, () => chunk);
}

const noisyJpeg = () =>
  sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

/** A JPEG whose frame header claims `width` × `height`. */
async function jpegClaiming(width: number, height: number) {
  const bytes = Buffer.from(
    await sharp(await noisyJpeg())
      .resize(16)
      .jpeg()
      .toBuffer(),
  );
  const frame = bytes.findIndex((byte, at) => byte === 0xff && (bytes[at + 1] ?? 0) === 0xc0);
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

/** A JPEG carrying as many 64 KB comment segments as fit in an upload. */
async function jpegWithHugeComments() {
  const jpeg = await sharp(await noisyJpeg())
    .resize(64)
    .jpeg()
    .toBuffer();
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(65533, 0x20)]);
  const count = Math.floor((IMAGE_MAX_BYTES - jpeg.length) / segment.length);
  return Buffer.concat([jpeg.subarray(0, 2), ...Array(count).fill(segment), jpeg.subarray(2)]);
}

const GIF_HEAD = Buffer.from('GIF89a', 'latin1');
const GIF_COLOURS = Buffer.from([0, 0, 0, 255, 255, 255]);
const GIF_LOOP = Buffer.from('21ff0b4e45545343415045322e300301000000', 'hex');
const GIF_END = Buffer.from([0x3b]);

/** One frame of `width` × `height` with a single pixel's worth of LZW data. */
function gifFrame(width = 1, height = 1) {
  const descriptor = Buffer.alloc(10);
  descriptor.writeUInt8(0x2c, 0);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const delay = Buffer.from('21f90400010000', 'hex');
  return Buffer.concat([delay, Buffer.from([0]), descriptor, Buffer.from('0202440100', 'hex')]);
}

function gif(width: number, height: number, frames: Buffer[]) {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.writeUInt8(0x80, 4);
  return Buffer.concat([GIF_HEAD, screen, GIF_COLOURS, GIF_LOOP, ...frames, GIF_END]);
}

function gifOfManyFrames() {
  const frame = gifFrame();
  return gif(1, 1, Array(Math.floor((IMAGE_MAX_BYTES - 64) / frame.length)).fill(frame));
}

/** A WebP whose extended header claims the largest canvas the format can name. */
async function webpClaimingHugeCanvas() {
  const small = await sharp(await noisyJpeg())
    .resize(8)
    .webp({ lossless: true })
    .toBuffer();
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(0xffffff, 12, 3);
  vp8x.writeUIntLE(0xffffff, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, small.subarray(12)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** An AVIF whose image-size property claims `size` × `size`. */
async function avifClaiming(size: number) {
  const bytes = Buffer.from(
    await sharp(await noisyJpeg())
      .resize(16)
      .avif()
      .toBuffer(),
  );
  const box = bytes.indexOf('ispe', 0, 'latin1');
  bytes.writeUInt32BE(size, box + 8);
  bytes.writeUInt32BE(size, box + 12);
  return bytes;
}

const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

/**
 * Pictures meant to exhaust the decoder: pixel bombs in every accepted format, truncated files,
 * huge and compressed metadata, an animated GIF of as many frames as fit, and one picture at
 * exactly the pixel limit (valid, so it is saved).
 */
export async function hostileImages(): Promise<HostileImage[]> {
  const noisy = await noisyJpeg();
  const noisyPng = await sharp(noisy).png().toBuffer();
  return [
    { name: 'PNG claiming 100000 × 100000', bytes: hugePngHeader(100_000, 100_000), status: 400 },
    {
      name: 'PNG one pixel over the limit',
      bytes: hugePngHeader(IMAGE_MAX_PIXELS + 1, 1),
      status: 400,
    },
    { name: 'PNG at exactly the pixel limit', bytes: greyPng(8000, 5000), status: 201 },
    { name: 'PNG at the limit, pixels cut off', bytes: half(greyPng(8000, 5000)), status: 400 },
    { name: 'truncated PNG', bytes: half(noisyPng), status: 400 },
    { name: 'truncated JPEG', bytes: half(noisy), status: 400 },
    { name: 'JPEG claiming 65000 × 65000', bytes: await jpegClaiming(65_000, 65_000), status: 400 },
    { name: 'JPEG of huge comments', bytes: await jpegWithHugeComments(), status: 201 },
    { name: 'PNG of compressed text bombs', bytes: greyPng(4, 4, zTxtBomb(60)), status: 201 },
    {
      name: 'PNG of one huge text chunk',
      bytes: greyPng(4, 4, [pngChunk('tEXt', Buffer.alloc(IMAGE_MAX_BYTES - 200, 0x41))]),
      status: 201,
    },
    // The decoder keeps to the frames' area, so a huge screen around one pixel is one pixel.
    {
      name: 'GIF screen of 65535 × 65535, one pixel',
      bytes: gif(65_535, 65_535, [gifFrame()]),
      status: 201,
    },
    {
      name: 'GIF frame of 65535 × 65535',
      bytes: gif(1, 1, [gifFrame(65_535, 65_535)]),
      status: 400,
    },
    { name: 'animated GIF of many frames', bytes: gifOfManyFrames(), status: 201 },
    { name: 'WebP claiming a huge canvas', bytes: await webpClaimingHugeCanvas(), status: 400 },
    { name: 'AVIF claiming 60000 × 60000', bytes: await avifClaiming(60_000), status: 400 },
    { name: 'only a PNG signature', bytes: PNG_SIGNATURE, status: 415 },
  ];
}
