import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutControlCharacters } from '@nexusplay/contract/text';
import { SEARCH_COUNT_LOOKAHEAD } from '../../src/db/search.js';
import { JsonItems } from '../../src/lib/json-items.js';
import { listBlogs } from '../../src/modules/blogs/blogs.repository.js';
import { insertGame, listGames } from '../../src/modules/games/games.repository.js';
import { listLinks } from '../../src/modules/links/links.repository.js';
import { insertTool, listTools } from '../../src/modules/tools/tools.repository.js';
import { listUsers } from '../../src/modules/users/users.repository.js';
import { listWallets } from '../../src/modules/wallets/wallets.repository.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../support/test-app.js';

/**
 * The search queries themselves, below the API's own checks: whatever text reaches them, the
 * query they build is well formed on either engine (FTS5's query syntax, LIKE patterns).
 */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc
    .tuple(
      fc.constantFrom('game', 'GAME', 'gäme', 'ga'),
      fc.string({ unit: 'binary', maxLength: 6 }),
    )
    .map(([word, rest]) => `${word}${rest}`),
  fc.constantFrom(
    'a\u0000b',
    '\u0000\u0000\u0000',
    'gam\u0000e',
    '"""',
    '" OR "',
    'NEAR(a b)',
    '*',
    '^abc',
    'x\ud800y',
    '%_\\',
    'game\u0085',
  ),
);

/** What a search for `q` should find among `names`, as a person would say it: the names holding
 * the text whatever its letter case, control characters aside. Only for ASCII text, where every
 * engine folds letter case alike. */
const naiveMatches = (names: string[], q: string) => {
  const text = withoutControlCharacters(q).toLowerCase();
  return names.filter((name) => name.toLowerCase().includes(text));
};
const isAscii = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);

const GAMES = Array.from({ length: 130 }, (_, i) => `Game ${i}`);
/** The list's order: the newest (highest id) first. */
const GAMES_NEWEST_FIRST = [...GAMES].reverse();
const TOOLS = [{ name: 'Gamer tool', description: 'x' }];

describe(`search text on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db.kysely;
    // More matches than a page and its look-ahead, so every branch of the catalogue search runs.
    for (const name of GAMES) {
      await insertGame(db, { name, description: 'A game', link: 'https://g.test', image: null });
    }
    for (const tool of TOOLS) await insertTool(db, { ...tool, icon: 'wallet', link: null });
  });
  afterAll(() => database.drop());

  const names = (page: { items: { name: string }[] }) => page.items.map((row) => row.name);
  /** A page whose items the database wrote as JSON (a first page), read as the client would. */
  const itemsOf = <Item>(page: { items: Item[] | JsonItems; total: number }) => ({
    ...page,
    items: page.items instanceof JsonItems ? (JSON.parse(page.items.text) as Item[]) : page.items,
  });

  it('never builds a malformed query, and finds what the text names, whatever the text', async () => {
    const db = database.db.kysely;
    const engine = database.db.engine;
    const horizon = 1 + SEARCH_COUNT_LOOKAHEAD;
    await fc.assert(
      fc.asyncProperty(anyText, async (q) => {
        const query = { q, limit: 1, offset: 0 };
        const [games, blogs, tools, users, wallets, links] = await Promise.all([
          listGames(db, engine, query),
          listBlogs(db, engine, query),
          listTools(db, engine, query),
          listUsers(db, query),
          listWallets(database.db, 1, query),
          listLinks(database.db, 1, query),
        ]);
        // Nothing of these lists exists, so nothing may be found.
        for (const empty of [blogs, users, itemsOf(wallets), itemsOf(links)]) {
          expect(empty).toMatchObject({ items: [], total: 0 });
        }
        // Other text (accents, other scripts) may fold differently per engine; it is checked
        // above to make a well-formed query, and by name below.
        if (!isAscii(q)) return;
        const gamesFound = naiveMatches(GAMES_NEWEST_FIRST, q);
        expect(names(games)).toEqual(gamesFound.slice(0, 1));
        // An empty text is no search: the whole list, counted exactly.
        expect(games.total).toBe(q === '' ? GAMES.length : Math.min(gamesFound.length, horizon));
        const toolsFound = TOOLS.filter(
          ({ name, description }) => naiveMatches([name, description], q).length > 0,
        );
        expect(names(tools)).toEqual(toolsFound.map((tool) => tool.name));
        expect(tools.total).toBe(toolsFound.length);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it.each([
    ['a name in another letter case', 'gAmE 12', ['Game 129', 'Game 128', 'Game 127']],
    ['a name with control characters in it', 'Game 12\u0000', ['Game 129', 'Game 128', 'Game 127']],
    ['text shorter than the index reads', '12', ['Game 129', 'Game 128', 'Game 127']],
    ['a LIKE wildcard, as itself', 'Game_1', []],
    ['a percent sign, as itself', '%', []],
    ['an FTS5 operator, as text', '" OR "', []],
    ['a description (games match their name only)', 'A game', []],
  ])('finds the games for %s', async (_, q, firstThree) => {
    const found = await listGames(database.db.kysely, database.db.engine, { q, limit: 3 });
    expect(names(found)).toEqual(firstThree);
    expect(found.total).toBe(naiveMatches(GAMES, q).length);
  });

  it('counts a common word only as far as the look-ahead, and says so', async () => {
    const found = await listGames(database.db.kysely, database.db.engine, { q: 'game', limit: 10 });
    expect(names(found)).toEqual(GAMES_NEWEST_FIRST.slice(0, 10));
    expect(found).toMatchObject({ total: 10 + SEARCH_COUNT_LOOKAHEAD, totalIsLowerBound: true });
  });

  it('finds a tool by its name or its description', async () => {
    const { kysely, engine } = database.db;
    expect(names(await listTools(kysely, engine, { q: 'GAMER' }))).toEqual(['Gamer tool']);
    expect(names(await listTools(kysely, engine, { q: 'x' }))).toEqual(['Gamer tool']);
    expect(names(await listTools(kysely, engine, { q: 'Game 1' }))).toEqual([]);
  });
});
