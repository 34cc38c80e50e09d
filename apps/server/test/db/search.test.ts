import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe(`search text on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db.kysely;
    // More matches than a page and its look-ahead, so every branch of the catalogue search runs.
    for (let i = 0; i < 130; i += 1) {
      await insertGame(db, {
        name: `Game ${i}`,
        description: 'A game',
        link: 'https://g.test',
        image: null,
      });
    }
    await insertTool(db, { name: 'Gamer tool', icon: 'wallet', description: 'x', link: null });
  });
  afterAll(() => database.drop());

  it('never builds a malformed query, whatever the text', async () => {
    const db = database.db.kysely;
    const engine = database.db.engine;
    await fc.assert(
      fc.asyncProperty(anyText, async (q) => {
        const query = { q, limit: 1, offset: 0 };
        const results = await Promise.all([
          listGames(db, engine, query),
          listBlogs(db, engine, query),
          listTools(db, engine, query),
          listUsers(db, query),
          listWallets(db, engine, 1, query),
          listLinks(db, engine, 1, query),
        ]);
        for (const result of results) expect(Array.isArray(result.items)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('still finds the rows a text names, control characters aside', async () => {
    const db = database.db.kysely;
    const found = await listGames(db, database.db.engine, { q: 'Game 12\u0000', limit: 50 });
    expect(found.items.map((game) => game.name)).toContain('Game 12');
  });
});
