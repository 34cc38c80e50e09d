import { BLOG_CONTENT_MAX } from '@nexusplay/contract/blogs';

/** A multipart request body built to break the parser, and the status it must get. */
export type MalformedBody = {
  name: string;
  contentType: string;
  body: Buffer;
  status: number;
  message?: string;
};

const BOUNDARY = 'hostile-boundary';
/** The largest field a form may carry: a post of BLOG_CONTENT_MAX four-byte characters. */
const FIELD_MAX_BYTES = BLOG_CONTENT_MAX * 4;
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const file = (name: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.bin"\r\n` +
  `Content-Type: application/octet-stream\r\n\r\n${bytes}\r\n`;

const END = `--${BOUNDARY}--\r\n`;

/** Bytes that look like nothing in particular, the same on every run. */
function garbage(length: number) {
  const bytes = Buffer.alloc(length);
  let state = 7;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    bytes[index] = state >> 16;
  }
  return bytes;
}

const UNREADABLE = 'The form could not be read: it is not complete multipart/form-data.';

/** A body the parser cannot read: 400 with the same message on every route. */
const broken = (name: string, body: string | Buffer, contentType = TYPE): MalformedBody => ({
  name,
  contentType,
  body: Buffer.from(body),
  status: 400,
  message: UNREADABLE,
});

/** A body read but refused: `status`, with `message` where every route says the same. */
const refused = (name: string, body: string, status: number, message?: string) => ({
  name,
  contentType: TYPE,
  body: Buffer.from(body),
  status,
  ...(message ? { message } : {}),
});

/**
 * Every way we found of sending a broken multipart form to a route whose file goes in
 * `fileField`. Each must answer 400 (or 413 for a form over its limits) in the one error shape,
 * and save nothing. A part the parser cannot name is skipped, leaving the form without the
 * fields each route requires.
 */
export const malformedBodies = (fileField: string): MalformedBody[] => [
  broken('no boundary', field('name', 'x') + END, 'multipart/form-data'),
  broken('an empty boundary', field('name', 'x') + END, 'multipart/form-data; boundary='),
  broken('a boundary too long', END, `multipart/form-data; boundary=${'b'.repeat(300)}`),
  broken('an unterminated body', field('name', 'x') + field('description', 'cut off')),
  broken('garbage', garbage(64 * 1024)),
  broken('a boundary that never appears', 'just some text, no parts at all\r\n'),
  broken('a part header that never ends', `--${BOUNDARY}\r\nX-Pad: ${'x'.repeat(100_000)}`),
  broken('a file cut off', field('name', 'x') + file(fileField, 'GIF89a').slice(0, -2)),
  broken('line feeds instead of CRLF', (field('name', 'x') + END).replace(/\r\n/g, '\n')),
  refused('a header without a name', `--${BOUNDARY}\r\n: no name\r\n\r\nvalue\r\n${END}`, 400),
  refused(
    'a part without a disposition',
    `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nv\r\n${END}`,
    400,
  ),
  refused(
    'a disposition without a name',
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name\r\n\r\nv\r\n${END}`,
    400,
  ),
  refused(
    'a field named __proto__',
    field('__proto__', 'x') + END,
    400,
    'A form field has a name that is not allowed.',
  ),
  refused(
    'a field over the size limit',
    field('name', 'x'.repeat(FIELD_MAX_BYTES + 1)) + END,
    413,
    'A form field is too large.',
  ),
  refused(
    'too many fields',
    Array.from({ length: 30 }, (_, n) => field(`f${n}`, 'x')).join('') + END,
    413,
    'The form has too many fields.',
  ),
  refused(
    'too many parts',
    `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nv\r\n`.repeat(30) + END,
    413,
    'The form has too many parts.',
  ),
  refused(
    'too many files',
    file(fileField, 'a') + file(fileField, 'b') + END,
    413,
    'The form carries more than one file.',
  ),
];
