import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { getAppMeta, insertAppMetaOnce } from '../../db/app-meta.repository.js';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database, Engine } from '../../db/schema.js';
import { blogsService } from '../blogs/blogs.service.js';
import { gamesService } from '../games/games.service.js';
import { toolsService } from '../tools/tools.service.js';
import { readPictureChoice } from '../uploads/uploads.service.js';
import { DEMO_BLOGS, DEMO_GAMES, DEMO_TOOLS } from './demo-content.js';

const SEEDED_KEY = 'demo_content_seeded';

/**
 * The seed writes as the server starts, before it answers anything, on an installation whose
 * lists showed nothing yet: there is no cached list for its writes to drop.
 */
const NOTHING_CACHED = { invalidate: async () => {} };

/**
 * An abstract cover: a diagonal gradient between two colours with a few soft rings, drawn as SVG
 * and encoded like any upload. No text, so it needs no fonts on the server.
 */
function coverSvg([from, to]: readonly [string, string], seed: number): string {
  const rings = [0, 1, 2]
    .map((i) => {
      const cx = 120 + ((seed * 97 + i * 211) % 560);
      const cy = 80 + ((seed * 53 + i * 137) % 260);
      const r = 60 + ((seed * 31 + i * 71) % 110);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${6 + i * 4}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>${rings}</svg>`;
}

async function cover(colors: readonly [string, string], seed: number) {
  const png = await sharp(Buffer.from(coverSvg(colors, seed)))
    .png()
    .toBuffer();
  return readPictureChoice(png);
}

const BLOG_COLORS: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#0ea5e9'],
  ['#7c3aed', '#db2777'],
  ['#059669', '#0891b2'],
  ['#b91c1c', '#f59e0b'],
  ['#1d4ed8', '#9333ea'],
  ['#0f766e', '#65a30d'],
];

/** What the seed needs from the app. */
export type SeedDeps = { db: Kysely<Database>; engine: Engine };

/**
 * Fills a new installation with demo games, posts and tools, once. A marker remembers that it
 * happened, so content an admin later deletes does not come back on the next start.
 */
export async function seedDemoContent({ db, engine }: SeedDeps): Promise<boolean> {
  const marker = await getAppMeta(db, SEEDED_KEY);
  if (marker) return false;

  const gameCovers = await Promise.all(DEMO_GAMES.map((game, i) => cover(game.colors, i + 1)));
  const blogCovers = await Promise.all(
    DEMO_BLOGS.map((_, i) => cover(BLOG_COLORS[i % BLOG_COLORS.length]!, i + 40)),
  );

  return db.transaction().execute(async (trx) => {
    const claimed = await insertAppMetaOnce(trx, SEEDED_KEY, nowTimestamp());
    // Another instance starting at the same moment got there first.
    if (!claimed) return false;

    // Built on this transaction, the services' writes join it: all the content, or none.
    const modules = { db: trx, engine, publicCache: NOTHING_CACHED };
    const games = gamesService(modules);
    const blogs = blogsService(modules);
    const tools = toolsService(modules);

    // Games are listed newest first, so the list is written backwards to show it in its order.
    for (const [i, { name, description, link }] of [...DEMO_GAMES.entries()].reverse()) {
      await games.create({ name, description, link }, gameCovers[i]!);
    }
    // Oldest first, so ids grow with the dates like posts written over time.
    const posts = [...DEMO_BLOGS]
      .map((blog, i) => ({ blog, i }))
      .sort((a, b) => a.blog.date.localeCompare(b.blog.date));
    for (const { blog, i } of posts) {
      const { title, content, description, author, date } = blog;
      await blogs.create({ title, content, description, author, date }, blogCovers[i]!);
    }
    for (const tool of DEMO_TOOLS) await tools.create(tool);
    return true;
  });
}
