import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { createSignedInApp, type Tokens } from '../support/accounts.js';
import { bearer, sendForm } from '../support/content.js';
import { malformedBodies } from '../support/malformed-multipart.js';

type Route = {
  label: string;
  method: 'POST' | 'PUT';
  table: 'games' | 'blogs' | 'wallets' | 'links';
  who: keyof Tokens;
  fileField: string;
  url: (ids: { game: number; blog: number }) => string;
};

const ROUTES: Route[] = [
  {
    label: 'add a game',
    method: 'POST',
    table: 'games',
    who: 'admin',
    fileField: 'image',
    url: () => '/api/games',
  },
  {
    label: 'change a game',
    method: 'PUT',
    table: 'games',
    who: 'admin',
    fileField: 'image',
    url: (ids) => `/api/games/${ids.game}`,
  },
  {
    label: 'add a post',
    method: 'POST',
    table: 'blogs',
    who: 'admin',
    fileField: 'image',
    url: () => '/api/blogs',
  },
  {
    label: 'change a post',
    method: 'PUT',
    table: 'blogs',
    who: 'admin',
    fileField: 'image',
    url: (ids) => `/api/blogs/${ids.blog}`,
  },
  {
    label: 'import wallets',
    method: 'POST',
    table: 'wallets',
    who: 'user',
    fileField: 'file',
    url: () => '/api/wallets/import',
  },
  {
    label: 'import links',
    method: 'POST',
    table: 'links',
    who: 'user',
    fileField: 'file',
    url: () => '/api/links/import',
  },
];

/** Fields of the one error shape; the link manager adds `error`, the same text as `message`. */
const ERROR_FIELDS = ['message', 'errors', 'error'];

describe('malformed multipart forms', () => {
  let t: TestApp;
  let tokens: Tokens;
  const ids = { game: 0, blog: 0 };

  beforeAll(async () => {
    ({ t, tokens } = await createSignedInApp());
    ids.game = (
      await sendForm(t.app, 'POST', '/api/games', tokens.admin, {
        name: 'Kept',
        description: 'A game that must stay as it is.',
        link: 'https://example.com/play',
      })
    ).json().id;
    ids.blog = (
      await sendForm(t.app, 'POST', '/api/blogs', tokens.admin, {
        title: 'Kept',
        content: '<p>A post that must stay as it is.</p>',
        author: 'Rina',
        date: '2026-03-04',
      })
    ).json().id;
  });
  afterAll(() => t.close());

  const rows = (table: Route['table']) =>
    t.db.kysely.selectFrom(table).selectAll().orderBy('id').execute();

  describe.each(ROUTES)('$method, $label', (route) => {
    it.each(malformedBodies(route.fileField))('$name answers $status', async (shape) => {
      const before = await rows(route.table);
      const res = await t.app.inject({
        method: route.method,
        url: route.url(ids),
        payload: shape.body,
        headers: { 'content-type': shape.contentType, ...bearer(tokens[route.who]) },
      });
      expect(res.statusCode, res.body).toBe(shape.status);
      const body = res.json<Record<string, unknown>>();
      expect(body.message).toEqual(shape.message ?? expect.any(String));
      expect(ERROR_FIELDS).toEqual(expect.arrayContaining(Object.keys(body)));
      expect(await rows(route.table)).toEqual(before);
    });
  });
});
