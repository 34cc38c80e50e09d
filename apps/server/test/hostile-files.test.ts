import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { bearer, signInBoth, type Tokens } from './helpers/content.js';
import { hostileImages } from './helpers/hostile-images.js';
import {
  hostileBookmarks,
  hostileLinkCsvs,
  hostileWalletCsvs,
  type HostileText,
} from './helpers/hostile-texts.js';
import { watchLoop, type LoopWatch } from './helpers/loop-watch.js';

const HEALTH_BUDGET_MS = 100;
const images = await hostileImages();

type Table = 'games' | 'blogs' | 'wallets' | 'links';

/*
 * The worst files we can build for every import and upload route, sent to a listening server
 * while another client keeps asking for /api/health: a request that holds the event loop delays
 * those answers. Every file gets its expected status (4xx, or 2xx where it is valid), never a
 * 5xx, and a refused file leaves nothing saved.
 */
describe('hostile import files and pictures', () => {
  let t: TestApp;
  let tokens: Tokens;
  let base: string;
  let watch: LoopWatch;
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp();
    tokens = await signInBoth(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    watch = watchLoop(base);
  });
  afterAll(() => t.close());

  const count = async (table: Table) =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function send(path: string, token: string, fields: Record<string, string>, file: Blob) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(path.endsWith('/import') ? 'file' : 'image', file, 'upload.bin');
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      body: form,
      headers: bearer(token),
    });
    requests += 1;
    return { status: res.status, body: (await res.json()) as { message?: unknown } };
  }

  /** Sends the file and checks its status, and that a refused file changed nothing. */
  async function expectAnswer(
    table: Table,
    path: string,
    token: string,
    file: { name: string; bytes: Buffer | string; status: number },
    fields: Record<string, string> = {},
  ) {
    const before = await count(table);
    const res = await watch.during(`${path}: ${file.name}`, () =>
      send(path, token, fields, new Blob([file.bytes])),
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(file.status);
    if (res.status >= 400) {
      expect(res.body.message).toEqual(expect.any(String));
      expect(await count(table)).toBe(before);
    }
  }

  const importCase = (table: Table, path: string) => (file: HostileText) =>
    expectAnswer(table, path, tokens.user, { ...file, bytes: file.text });

  it.each(hostileBookmarks)('bookmarks: $name', importCase('links', '/api/links/import'));
  it.each(hostileLinkCsvs)('links CSV: $name', importCase('links', '/api/links/import'));
  it.each(hostileWalletCsvs)('wallets CSV: $name', importCase('wallets', '/api/wallets/import'));

  it.each(images)('game picture: $name', (image) =>
    expectAnswer('games', '/api/games', tokens.admin, image, {
      name: 'Hostile picture',
      description: 'A game whose picture was built to hurt.',
      link: 'https://example.com/play',
    }),
  );

  it.each(images)('blog picture: $name', (image) =>
    expectAnswer('blogs', '/api/blogs', tokens.admin, image, {
      title: 'Hostile picture',
      content: '<p>A post whose picture was built to hurt.</p>',
      author: 'Rina',
      date: '2026-03-04',
    }),
  );

  it(`answered every health check within ${HEALTH_BUDGET_MS} ms meanwhile`, async () => {
    const report = await watch.stop();
    console.log(
      `hostile files: ${requests} requests, max event-loop delay ` +
        `${report.maxLoopDelayMs.toFixed(1)} ms (${report.worstDelayDuring}); slowest of ` +
        `${report.polls} health answers ${report.slowestHealthMs.toFixed(1)} ms ` +
        `(${report.slowestHealthDuring})`,
    );
    expect(report.polls).toBeGreaterThan(0);
    expect(report.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});
