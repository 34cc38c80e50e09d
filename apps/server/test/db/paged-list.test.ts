import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_BLOCK_IDS } from '../../src/db/schema.js';
import { SEARCH_COUNT_LOOKAHEAD } from '../../src/db/search.js';
import type { TestApp } from '../support/test-app.js';
import { createSignedInApp, type Tokens } from '../support/accounts.js';
import { bearer, sendForm } from '../support/content.js';

/*
 * Totals and pages of the public lists come from per-block counts kept by triggers, and searches
 * count up to a horizon. Every answer here is checked against the same list computed naively
 * from all the rows, across block boundaries, after deletes, and after posts change month.
 */

const NOW = new Date().toISOString();
type Row = { id: number; name?: string; title?: string; description: string | null; date?: string };

describe('catalogue paging and search at scale', () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => ({ t, tokens } = await createSignedInApp()));
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const ids = (response: { json(): unknown }) => (response.json() as Row[]).map((row) => row.id);

  async function insertGames(
    count: number,
    describeGame: (i: number) => string,
    nameWords: (i: number) => string = () => '',
  ) {
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => ({
        name: `Game ${start + k} ${nameWords(start + k)}`.trim(),
        description: describeGame(start + k),
        link: 'https://example.com/',
        image: null,
        created_at: NOW,
        updated_at: NOW,
      }));
      await t.db.kysely.insertInto('games').values(rows).execute();
    }
    await t.app.publicCache.invalidate('games');
  }

  const allGames = () =>
    t.db.kysely
      .selectFrom('games')
      .select(['id', 'name', 'description'])
      .orderBy('id', 'desc')
      .execute();

  it('pages the games at any offset with the exact total, across blocks and after deletes', async () => {
    await insertGames(2600, (i) => `Game number ${i}.`);
    // Holes: a whole stretch inside the second block, and every seventh game elsewhere.
    await t.db.kysely.deleteFrom('games').where('id', '>', 1100).where('id', '<=', 1400).execute();
    await t.db.kysely
      .deleteFrom('games')
      .where(sql<boolean>`id % 7 = 0`)
      .execute();
    await t.app.publicCache.invalidate('games');

    const expected = (await allGames()).map((game) => game.id);
    expect(new Set(expected.map((id) => Math.floor(id / GAME_BLOCK_IDS))).size).toBe(3);
    for (const offset of [0, 1, 36, 700, 1023, 1024, 1300, 1800, expected.length - 1]) {
      const page = await get(`/api/games?limit=37&offset=${offset}`);
      expect(ids(page), `offset ${offset}`).toEqual(expected.slice(offset, offset + 37));
      expect(page.headers['x-total-count']).toBe(String(expected.length));
    }
    const past = await get(`/api/games?limit=10&offset=${expected.length + 5}`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(expected.length));

    const blocks = await t.db.kysely
      .selectFrom('game_blocks')
      .select(['block', 'row_count'])
      .where('row_count', '>', 0)
      .orderBy('block')
      .execute();
    const recount = await t.db.kysely
      .selectFrom('games')
      .select([
        sql<number>`id / ${sql.lit(GAME_BLOCK_IDS)}`.as('block'),
        sql<number>`count(*)`.as('row_count'),
      ])
      .groupBy(sql`id / ${sql.lit(GAME_BLOCK_IDS)}`)
      .orderBy('block')
      .execute();
    expect(blocks.map((b) => [Number(b.block), Number(b.row_count)])).toEqual(
      recount.map((b) => [Number(b.block), Number(b.row_count)]),
    );
  });

  it('keeps the total exact through the API writes', async () => {
    const before = Number((await get('/api/games?limit=1')).headers['x-total-count']);
    const created = await sendForm(t.app, 'POST', '/api/games', tokens.admin, {
      name: 'Counted Quest',
      description: 'Added through the API.',
      link: 'https://example.com/',
    });
    expect(created.statusCode).toBe(201);
    const added = await get('/api/games?limit=1');
    expect(added.headers['x-total-count']).toBe(String(before + 1));
    expect(ids(added)).toEqual([created.json().id]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/games/${created.json().id}`,
      headers: bearer(tokens.admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/games?limit=1')).headers['x-total-count']).toBe(String(before));
  });

  it('counts a search exactly below the horizon and as a lower bound at it', async () => {
    await t.db.kysely.deleteFrom('games').execute();
    // "Lantern" in the names of 300 games (every fourth, in either case), "Zircon" in 5; the
    // descriptions name both in other games, which a search of names must pass over.
    const words = (i: number) =>
      [
        i % 4 === 0 ? (i % 8 === 0 ? 'LANTERN' : 'lantern') : 'torch',
        i % 250 === 7 ? 'zircon' : '',
      ].join(' ');
    await insertGames(1200, (i) => `A ${words(i + 1)} and a zircon.`, words);
    const all = await allGames();
    const matching = (word: string) =>
      all.filter((g) => g.name.toLowerCase().includes(word)).map((g) => g.id);
    const lanterns = matching('lantern');
    expect(lanterns).toHaveLength(300);

    const first = await get('/api/games?q=Lantern&limit=20');
    expect(ids(first)).toEqual(lanterns.slice(0, 20));
    expect(first.headers['x-total-count']).toBe(String(20 + SEARCH_COUNT_LOOKAHEAD));
    // ...and says so, so that a pager can show "120+".
    expect(first.headers['x-total-count-lower-bound']).toBe('true');

    const deep = await get('/api/games?q=lantern&limit=20&offset=250');
    expect(ids(deep)).toEqual(lanterns.slice(250, 270));
    expect(deep.headers['x-total-count']).toBe('300');
    expect(deep.headers['x-total-count-lower-bound']).toBeUndefined();

    const few = await get('/api/games?q=ZIRCON&limit=20');
    expect(ids(few)).toEqual(matching('zircon'));
    expect(few.headers['x-total-count']).toBe('5');
    expect(few.headers['x-total-count-lower-bound']).toBeUndefined();

    const none = await get('/api/games?q=no-such-word&limit=20');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  async function insertPosts(rows: { title: string; description: string; date: string }[]) {
    for (let start = 0; start < rows.length; start += 400) {
      await t.db.kysely
        .insertInto('blogs')
        .values(
          rows.slice(start, start + 400).map((row) => ({
            ...row,
            content: '<p>Text.</p>',
            image: null,
            author: 'Ayu',
            created_at: NOW,
            updated_at: NOW,
          })),
        )
        .execute();
    }
    await t.app.publicCache.invalidate('blogs', 'feeds');
  }

  const allPosts = () =>
    t.db.kysely
      .selectFrom('blogs')
      .select(['id', 'title', 'description', 'date'])
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .execute();

  it('pages the posts by date across months, after deletes and after posts change month', async () => {
    // Dates not in id order, over fourteen months across a year's end.
    const dates = Array.from({ length: 1500 }, (_, i) => {
      const month = (i * 7) % 14;
      const year = 2023 + Math.floor(month / 12);
      const day = 1 + ((i * 13) % 28);
      return `${year}-${String((month % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    });
    await insertPosts(
      dates.map((date, i) => ({ title: `Post ${i}`, description: `Entry ${i}`, date })),
    );
    await t.db.kysely
      .deleteFrom('blogs')
      .where(sql<boolean>`id % 9 = 0`)
      .execute();
    await t.db.kysely
      .updateTable('blogs')
      .set({ date: '2024-02-29' })
      .where(sql<boolean>`id % 11 = 0`)
      .execute();
    await t.db.kysely
      .updateTable('blogs')
      .set({ title: 'Renamed' })
      .where(sql<boolean>`id % 13 = 0`)
      .execute();
    await t.app.publicCache.invalidate('blogs', 'feeds');

    const expected = (await allPosts()).map((post) => post.id);
    for (const offset of [0, 5, 99, 480, 777, 1200, expected.length - 3]) {
      const page = await get(`/api/blogs?limit=25&offset=${offset}`);
      expect(ids(page), `offset ${offset}`).toEqual(expected.slice(offset, offset + 25));
      expect(page.headers['x-total-count']).toBe(String(expected.length));
    }
    const past = await get(`/api/blogs?limit=5&offset=${expected.length}`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(expected.length));
  });

  it('searches posts with many and with few matches, in any letter case', async () => {
    await t.db.kysely.deleteFrom('blogs').execute();
    await insertPosts(
      Array.from({ length: 600 }, (_, i) => ({
        title: i % 3 === 0 ? `Harvest notes ${i}` : `Notes ${i}`,
        description: i % 4 === 0 ? 'ÇA VA, le marché' : i % 97 === 0 ? 'a rare gem' : 'plain',
        date: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`,
      })),
    );
    const all = await allPosts();
    const matching = (word: string) =>
      all
        .filter((post) => `${post.title}\n${post.description ?? ''}`.toLowerCase().includes(word))
        .map((post) => post.id);

    for (const [q, word] of [
      ['harvest', 'harvest'],
      ['ça va', 'ça va'],
      ['RARE GEM', 'rare gem'],
    ] as const) {
      const expected = matching(word);
      expect(expected.length).toBeGreaterThan(0);
      for (const offset of [0, 30]) {
        const page = await get(`/api/blogs?q=${encodeURIComponent(q)}&limit=10&offset=${offset}`);
        expect(ids(page), `${q} at ${offset}`).toEqual(expected.slice(offset, offset + 10));
        const horizon = offset + 10 + SEARCH_COUNT_LOOKAHEAD;
        expect(page.headers['x-total-count']).toBe(String(Math.min(expected.length, horizon)));
        expect(page.headers['x-total-count-lower-bound']).toBe(
          expected.length >= horizon ? 'true' : undefined,
        );
      }
    }
  });
});
