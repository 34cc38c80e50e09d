import { deflateSync } from 'node:zlib';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';

export type FilePart = { name: string; bytes: Buffer; filename: string; type?: string };

/** Encodes fields (and a file) as multipart/form-data, the way a browser form would. */
export async function multipart(fields: Record<string, string>, file?: FilePart) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(
      file.name,
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function sendForm(
  app: App,
  method: 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  fields: Record<string, string>,
  file?: FilePart,
) {
  const body = await multipart(fields, file);
  return app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/**
 * Adding, changing and deleting at `path` (a multipart admin list such as /api/games), each
 * refused to a guest with 401 and to a signed-in user with 403. `id` names an existing row.
 */
export async function expectFormWritesRefused(
  app: App,
  user: string,
  path: string,
  id: number,
  fields: Record<string, string>,
) {
  for (const [token, status] of [
    [undefined, 401],
    [user, 403],
  ] as const) {
    expect((await sendForm(app, 'POST', path, token, fields)).statusCode).toBe(status);
    expect((await sendForm(app, 'PUT', `${path}/${id}`, token, fields)).statusCode).toBe(status);
    const removal = await app.inject({
      method: 'DELETE',
      url: `${path}/${id}`,
      headers: token ? bearer(token) : {},
    });
    expect(removal.statusCode).toBe(status);
  }
}

export const pngImage = (width = 64, height = 48, color = '#3355ff') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid PNG file whose header claims enormous dimensions (a decompression bomb). */
export function hugePngHeader(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type CallArgs = [
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
];

/** A JSON API call, signed in when a token is given. */
export const apiCall = (app: App, ...[method, url, token, payload]: CallArgs) =>
  app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });
