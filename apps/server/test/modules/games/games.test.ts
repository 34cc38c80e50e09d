import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/test-app.js';
import { createSignedInApp, type Tokens } from '../../support/accounts.js';
import {
  bearer,
  expectFormWritesRefused,
  hugePngHeader,
  pngImage,
  sendForm,
} from '../../support/content.js';

const game = (name: string, extra: Record<string, string> = {}) => ({
  name,
  description: `${name} is a game about exploring.`,
  link: 'https://example.com/play',
  ...extra,
});

describe('games API', () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => ({ t, tokens } = await createSignedInApp()));
  afterAll(() => t.close());

  const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/games${query}` });
  const count = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('games')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses every write to a guest (401) and to a user (403)', async () => {
    const created = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Guarded'));
    const id = created.json().id;
    await expectFormWritesRefused(t.app, tokens.user, '/api/games', id, game('Nope'));
    expect((await list()).json().map((g: { name: string }) => g.name)).not.toContain('Nope');
  });

  it('creates, updates and deletes a game, and the public list follows at once', async () => {
    const created = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Star Farm'));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Star Farm',
      image: null,
      link: 'https://example.com/play',
    });
    expect((await list()).json().map((g: { id: number }) => g.id)).toContain(body.id);

    const updated = await sendForm(
      t.app,
      'PUT',
      `/api/games/${body.id}`,
      tokens.admin,
      game('Star Farm II'),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe('Star Farm II');
    expect((await list()).json().find((g: { id: number }) => g.id === body.id).name).toBe(
      'Star Farm II',
    );

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/games/${body.id}`,
      headers: bearer(tokens.admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Game deleted.' });
    expect((await list()).json().map((g: { id: number }) => g.id)).not.toContain(body.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/games/${body.id}`,
      headers: bearer(tokens.admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required.'],
    [{ description: '   ' }, 'description', 'Description is required.'],
    [
      { link: 'javascript:alert(1)' },
      'link',
      'Link must be a web address starting with http:// or https://.',
    ],
    [
      { link: 'data:text/html,hi' },
      'link',
      'Link must be a web address starting with http:// or https://.',
    ],
    [
      { link: 'ftp://example.com' },
      'link',
      'Link must be a web address starting with http:// or https://.',
    ],
    [{ name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters.'],
  ])('refuses %j with 400 and writes nothing', async (patch, field, message) => {
    const before = await count();
    const res = await sendForm(t.app, 'POST', '/api/games', tokens.admin, {
      ...game('Valid'),
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it('answers 415 for a JSON body and 400 for a bad id', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      payload: game('Json'),
      headers: bearer(tokens.admin),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send this form as multipart/form-data.');
    const badId = await t.app.inject({
      method: 'DELETE',
      url: '/api/games/abc',
      headers: bearer(tokens.admin),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors.id).toBe('The id must be a number.');
  });

  it('searches names only: a word in a description finds nothing (SPEC: filters by name)', async () => {
    await sendForm(t.app, 'POST', '/api/games', tokens.admin, {
      ...game('Ronin Rangers'),
      description: 'Rangers of the old road.',
    });
    for (const name of ['Pixels Farm', 'Axie Arena']) {
      await sendForm(t.app, 'POST', '/api/games', tokens.admin, {
        ...game(name),
        description: `${name} runs on the Ronin chain and pays a token.`,
      });
    }
    const names = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).json().map((g: { name: string }) => g.name);
    expect(await names('ronin')).toEqual(['Ronin Rangers']);
    expect((await list('?q=Ronin')).headers['x-total-count']).toBe('1');
    expect(await names('token')).toEqual([]);
    // Shorter than a trigram, answered by scanning: the same rule.
    expect(await names('ch')).toEqual([]);
    expect(await names('xi')).toEqual(['Axie Arena']);
  });

  it('searches names case-insensitively, pages stably and counts matches', async () => {
    for (const name of ['Alpha Quest', 'Beta Arena', 'Gamma QUEST', 'Delta 50%_off']) {
      await sendForm(t.app, 'POST', '/api/games', tokens.admin, game(name));
    }
    const quest = await list('?q=quest');
    expect(quest.json().map((g: { name: string }) => g.name)).toEqual([
      'Gamma QUEST',
      'Alpha Quest',
    ]);
    expect(quest.headers['x-total-count']).toBe('2');

    // Shorter than a trigram: answered by scanning, with the same meaning.
    const short = await list('?q=TA');
    expect(short.json().map((g: { name: string }) => g.name)).toEqual([
      'Delta 50%_off',
      'Beta Arena',
    ]);

    const literal = await list(`?q=${encodeURIComponent('50%_')}`);
    expect(literal.json().map((g: { name: string }) => g.name)).toEqual(['Delta 50%_off']);

    const all = (await list()).json();
    const page = await list('?limit=2&offset=1');
    expect(page.json()).toEqual(all.slice(1, 3));
    expect(page.headers['x-total-count']).toBe(String(all.length));
  });

  it('validates the paging parameters', async () => {
    for (const query of [
      '?limit=0',
      '?limit=1001',
      '?offset=-1',
      '?limit=abc',
      `?q=${'x'.repeat(101)}`,
    ]) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('game pictures', () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => ({ t, tokens } = await createSignedInApp()));
  afterAll(() => t.close());

  const uploadCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('re-encodes a real PNG to WebP, serves it immutably, and drops it with its last game', async () => {
    const png = await pngImage(2400, 1200);
    const res = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Pictured'), {
      name: 'image',
      bytes: png,
      filename: 'cover.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(201);
    const { id, image } = res.json();
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const row = await t.db.kysely
      .selectFrom('uploads')
      .select(['width', 'height'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 1600, height: 800 });

    const cached = await t.app.inject({
      method: 'GET',
      url: image,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);

    // A second game with the same picture shares the upload; it survives the first one's deletion.
    const twin = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Twin'), {
      name: 'image',
      bytes: png,
      filename: 'same.png',
    });
    expect(twin.json().image).toBe(image);
    expect(await uploadCount()).toBe(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/games/${id}`,
      headers: bearer(tokens.admin),
    });
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);

    const removed = await sendForm(t.app, 'PUT', `/api/games/${twin.json().id}`, tokens.admin, {
      ...game('Twin'),
      remove_image: 'true',
    });
    expect(removed.json().image).toBeNull();
    expect(await uploadCount()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
  });

  it('keeps the picture when an update sends no file, and replaces it when one is sent', async () => {
    const first = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Keeper'), {
      name: 'image',
      bytes: await pngImage(40, 40, '#ff0000'),
      filename: 'a.png',
    });
    const { id, image } = first.json();
    const kept = await sendForm(t.app, 'PUT', `/api/games/${id}`, tokens.admin, game('Keeper 2'));
    expect(kept.json().image).toBe(image);
    const replaced = await sendForm(
      t.app,
      'PUT',
      `/api/games/${id}`,
      tokens.admin,
      game('Keeper 3'),
      {
        name: 'image',
        bytes: await pngImage(40, 40, '#00ff00'),
        filename: 'b.png',
      },
    );
    expect(replaced.json().image).not.toBe(image);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
  });

  it('refuses JSON renamed .png with 415, an oversized file with 413 and huge dimensions with 400', async () => {
    const before = await t.db.kysely.selectFrom('games').select('id').execute();
    const json = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Fake'), {
      name: 'image',
      bytes: Buffer.from(JSON.stringify({ not: 'an image' })),
      filename: 'evil.png',
      type: 'image/png',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Only PNG, JPEG, WebP, GIF or AVIF images are accepted.');

    const svg = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Svg'), {
      name: 'image',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      filename: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);

    const oversized = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Big'), {
      name: 'image',
      bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
      filename: 'big.png',
    });
    expect(oversized.statusCode).toBe(413);
    expect(typeof oversized.json().message).toBe('string');

    const bomb = await sendForm(t.app, 'POST', '/api/games', tokens.admin, game('Bomb'), {
      name: 'image',
      bytes: hugePngHeader(20_000, 20_000),
      filename: 'bomb.png',
    });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toEqual({
      message: 'The image is larger than 40 megapixels.',
      errors: { image: 'The image is larger than 40 megapixels.' },
    });

    const after = await t.db.kysely.selectFrom('games').select('id').execute();
    expect(after).toEqual(before);
  });

  it('answers 404 for a picture that does not exist and 400 for a malformed name', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(64)}.webp` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/abc.webp' })).statusCode).toBe(400);
  });
});
