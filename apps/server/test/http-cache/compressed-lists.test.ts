import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { createSignedInApp, type Tokens } from '../support/accounts.js';
import { sendForm } from '../support/content.js';

/* The public lists go compressed to clients that accept it, encoded once per cached page. */
describe('compressed public lists', () => {
  let t: TestApp;
  let tokens: Tokens;

  const addGame = async (name: string) => {
    const res = await sendForm(t.app, 'POST', '/api/games', tokens.admin, {
      name,
      description: `${name} is a game about farming, trading and exploring with friends.`,
      link: 'https://example.com/play',
    });
    expect(res.statusCode).toBe(201);
  };
  const list = (acceptEncoding?: string, query = '', ifNoneMatch?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/games${query}`,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
      },
    });

  beforeAll(async () => {
    ({ t, tokens } = await createSignedInApp());
    for (let i = 1; i <= 30; i += 1) await addGame(`Game ${i}`);
  });
  afterAll(() => t.close());

  it('answers Brotli or gzip as the client prefers, the same list as the plain answer', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const games = plain.json();
    expect(games).toHaveLength(30);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['x-total-count']).toBe('30');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(games);

    const gzip = await list('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(games);

    expect((await list('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await list('identity')).headers['content-encoding']).toBeUndefined();
    expect((await list('compress')).headers['content-encoding']).toBeUndefined();

    // Each encoding is its own representation, with its own ETag.
    const etags = new Set([plain, br, gzip].map((res) => res.headers.etag));
    expect(etags.size).toBe(3);
  });

  it('answers 304 to the ETag of the representation the client holds', async () => {
    const br = await list('gzip, deflate, br');
    const again = await list('gzip, deflate, br', '', br.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const plain = await list();
    // The plain ETag does not stand for the Brotli bytes, and the other way round.
    expect((await list('br', '', plain.headers.etag as string)).statusCode).toBe(200);
    expect((await list(undefined, '', br.headers.etag as string)).statusCode).toBe(200);
  });

  it('sends a small answer as it is', async () => {
    const none = await list('gzip, deflate, br', '?q=nothing-like-this');
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual([]);
  });

  it('compresses the new list after a write, never an old copy', async () => {
    const before = await list('br');
    await addGame('Newest game');
    const after = await list('br');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const games = JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8'));
    expect(games[0].name).toBe('Newest game');
    expect(after.headers['x-total-count']).toBe('31');
  });
});
