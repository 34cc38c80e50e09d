import fc from 'fast-check';

/**
 * The parts of a hostile request: strings and numbers an attacker would try, JSON bodies, path
 * parameters, query strings and multipart bodies, well formed or not.
 */

/** Control characters, lone surrogates and direction overrides, alone or inside text. */
export const controlText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      'abc\u0000',
      '\u001b[31mred',
      'tab\there',
      'del\u007f',
      'next\u0085line',
      '\ud800',
      'x\udfffy',
      'right\u202eto left',
      '\u2066isolate',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom(
        'a',
        '\u0000',
        '\u0007',
        '\u001f',
        '\u007f',
        '\u009f',
        '\ud83d',
        '\u202e',
      ),
      maxLength: 12,
    }),
  },
);

export const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  controlText,
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    '😀'.repeat(50),
    'javascript:alert(1)',
    '<img src=x onerror=alert(1)>',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    'ａｄｍｉｎ',
    '"""',
    'NEAR(a b) OR *',
  ),
  fc.string({ minLength: 3000, maxLength: 6000 }),
);

/** Numbers past what JSON, JavaScript or a 32-bit id column can hold, and the usual suspects. */
export const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }),
  fc.constantFrom(0, -0, -1, 2 ** 32, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e21),
);

export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Field names the routes read, so that validation is reached past the body's shape. */
export const FIELDS = [
  'name',
  'title',
  'description',
  'content',
  'link',
  'url',
  'icon',
  'author',
  'date',
  'email',
  'username',
  'password',
  'role',
  'message',
  'ids',
  'path',
  'wallet_name',
  'wallet_address',
  'category',
  'user_id',
  'income',
  'pixels',
  'axs',
  'expense',
  'expense_type',
  'expense_description',
  'remove_image',
  '__proto__',
  'constructor',
];

export const jsonBody = fc.oneof(
  fc
    .dictionary(fc.constantFrom(...FIELDS), nastyValue, { maxKeys: 8 })
    .map((body) => JSON.stringify(body)),
  nastyValue.map((value) => JSON.stringify(value) ?? 'null'),
  // What JSON.stringify can never produce: out-of-range numbers, deep nesting, pollution.
  fc.constantFrom(
    '{"income": 1e309, "expense": -1e309}',
    '{"pixels": -0, "date": "2026-02-29"}',
    '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    '{"ids": [1, 2, "3", null]}',
    '{"ids": [2147483648, 99999999999999999999]}',
    '{"user_id": 2147483648}',
    '{"income": true, "expense": []}',
    '{"name": "\\u0000", "title": "\\ud800"}',
    '{',
    '',
  ),
);

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as the three bytes UTF-8
 * would give them, which no decoder accepts), where encodeURIComponent would throw.
 */
export function encodeAny(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map(hex)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

export const pathParam = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
  fc.constantFrom('2147483647', '2147483648', '4294967296', '9007199254740993', '9'.repeat(30)),
  nastyString.map((text) => encodeAny(text).slice(0, 300) || 'x'),
  fc.constantFrom('1e3', '0x10', '-0', '1.5', 'NaN', 'Infinity', '%E0%A4%A', '%00', '__proto__'),
);

const QUERY_KEYS = ['q', 'limit', 'offset', 'user_id', 'days', 'id', 'ids', 'page', '__proto__'];

const queryValue = fc.oneof(controlText, nastyString, pathParam, nastyNumber.map(String));

const encodePairs = (pairs: [string, string][]) =>
  pairs.length === 0
    ? ''
    : `?${pairs.map(([key, value]) => `${encodeAny(key)}=${encodeAny(value)}`).join('&')}`;

/** A query with one parameter a route reads made hostile, or any query at all. */
export const queryString = fc.oneof(
  fc
    .tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(controlText, pathParam))
    .map((pair) => encodePairs([pair])),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), nastyString), queryValue), {
      maxLength: 4,
    })
    .map(encodePairs),
);

export type RawMultipart = { payload: Buffer; contentType: string };

const BOUNDARY = '----hostile0boundary';

/** A multipart body built by hand, so that its text can be anything a client could send. */
function formBody(fields: [string, string][], file?: { field: string; bytes: Buffer }) {
  const parts = fields.map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

/** Multipart bodies: fields of hostile text, files of hostile rows, and broken framing. */
export const multipartBody: fc.Arbitrary<RawMultipart> = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom(...FIELDS), nastyString), { maxLength: 6 })
    .map((fields) => ({ payload: formBody(fields), contentType: withBoundary })),
  fc.array(fc.array(nastyString, { maxLength: 4 }), { minLength: 1, maxLength: 5 }).map((rows) => ({
    payload: formBody([], {
      field: 'file',
      bytes: Buffer.from(['title,url,category', ...rows.map((r) => r.join(','))].join('\n')),
    }),
    contentType: withBoundary,
  })),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => ({
    payload: Buffer.from(bytes),
    contentType: withBoundary,
  })),
  fc.constantFrom<RawMultipart>(
    { payload: formBody([['name', 'x']]), contentType: 'multipart/form-data' },
    {
      payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx`),
      contentType: withBoundary,
    },
    { payload: Buffer.from(`--${BOUNDARY}\r\n\r\nno headers\r\n`), contentType: withBoundary },
    { payload: formBody([['name', 'x']]), contentType: 'multipart/form-data; boundary=other' },
    { payload: Buffer.alloc(0), contentType: withBoundary },
    {
      payload: formBody([['name', 'x']]),
      contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
    },
    {
      payload: formBody(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'] as [string, string])),
      contentType: withBoundary,
    },
    {
      payload: formBody([], { field: 'image', bytes: Buffer.from('not an image') }),
      contentType: withBoundary,
    },
  ),
);

export type RouteEntry = { method: string; url: string };

/**
 * Every route the app serves, read from Fastify's own listing (printRoutes) so that no route,
 * API or page, is left out as routes are added: each line is a path segment under its parent,
 * four columns deeper per level, followed by its methods.
 */
export function listRoutes(printed: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}

const tool = { name: 'Tool', icon: 'wallet', description: 'D', link: '/tools/x' };
const user = { username: 'hostile_made', email: 'made@example.com', role: 'user' };
const notification = { title: 'T', message: 'M' };
const wallet = { wallet_name: 'W', wallet_address: `0x${'b'.repeat(40)}`, category: 'c' };
const link = { title: 'L', url: 'https://l.test', category: 'c' };
const income = (token: 'pixels' | 'axs') => ({
  [token]: 10,
  expense: 1,
  expense_type: 'usd',
  expense_description: 'x',
  date: '2026-01-01',
});
const game = { name: 'G', description: 'D', link: 'https://g.test' };
const blog = { title: 'T', content: '<p>x</p>', author: 'A', date: '2026-01-01' };

/**
 * A valid body for each route that reads one (JSON, or the text fields of a multipart form), and
 * the columns of each import file: with one value made hostile, a request gets past every other
 * check to the one being tried, and on to the database if nothing stops it.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/api/register': {
    username: 'hostile_user',
    email: 'hostile@example.com',
    password: 'correct horse battery',
  },
  '/api/login': { email: 'hostile@example.com', password: 'correct horse battery' },
  '/api/tools': tool,
  '/api/tools/:id': tool,
  '/api/users': user,
  '/api/users/:id': user,
  '/api/admin-notifications': notification,
  '/api/admin-notifications/:id': notification,
  '/api/admin-notifications/read': { ids: [1] },
  '/api/visits': { path: '/games' },
  '/api/wallets': wallet,
  '/api/wallets/:id': wallet,
  '/api/links': link,
  '/api/links/:id': link,
  '/api/income-pixels': income('pixels'),
  '/api/income-pixels/:id': income('pixels'),
  '/api/income-axie': income('axs'),
  '/api/income-axie/:id': income('axs'),
  '/api/income-pixels/suggestions/accept-all': { ids: [1] },
  '/api/income-axie/suggestions/accept-all': { ids: [1] },
  '/api/income-pixels/auto-add/:id': { on: true },
  '/api/income-axie/auto-add/:id': { on: true },
  '/api/games': game,
  '/api/games/:id': game,
  '/api/blogs': blog,
  '/api/blogs/:id': blog,
};

const IMPORT_ROWS: Record<string, Record<string, string>> = {
  '/api/wallets/import': { wallet_name: 'W', wallet_address: `0x${'c'.repeat(40)}`, category: 'c' },
  '/api/links/import': { title: 'L', url: 'https://i.test', category: 'c' },
};

const hostileValue = fc.oneof(
  { weight: 3, arbitrary: controlText },
  { weight: 1, arbitrary: nastyValue },
  { weight: 1, arbitrary: nastyNumber },
);

const oneValueMadeHostile = (valid: Record<string, unknown>) =>
  fc
    .tuple(fc.constantFrom(...Object.keys(valid)), hostileValue)
    .map(([key, value]) => ({ ...valid, [key]: value }));

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

export type Content = { kind: 'json'; body: string } | { kind: 'multipart'; form: RawMultipart };

const json = (body: fc.Arbitrary<string>) =>
  body.map((text) => ({ kind: 'json' as const, body: text }));
const form = (body: fc.Arbitrary<RawMultipart>) =>
  body.map((raw) => ({ kind: 'multipart' as const, form: raw }));

/** What a route may be sent: anything at all, or its own valid body with one value made hostile. */
export function contentFor(url: string, multipartRoute: boolean): fc.Arbitrary<Content> {
  const valid = VALID_BODIES[url];
  const row = IMPORT_ROWS[url];
  const near: fc.Arbitrary<Content>[] = [];
  if (valid && multipartRoute) {
    near.push(
      form(
        oneValueMadeHostile(valid).map((fields) => ({
          payload: formBody(Object.entries(fields).map(([key, value]) => [key, asText(value)])),
          contentType: withBoundary,
        })),
      ),
    );
  } else if (valid) {
    near.push(json(oneValueMadeHostile(valid).map((body) => JSON.stringify(body))));
  }
  if (row) {
    near.push(
      form(
        oneValueMadeHostile(row).map((values) => ({
          payload: formBody([], {
            field: 'file',
            bytes: Buffer.from(
              `${Object.keys(values).join(',')}\n${Object.values(values).map(asText).map(csvCell).join(',')}\n`,
            ),
          }),
          contentType: withBoundary,
        })),
      ),
    );
  }
  return fc.oneof(
    ...near.map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 1, arbitrary: json(jsonBody) },
    { weight: 1, arbitrary: form(multipartBody) },
  );
}
