import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { getAppMeta, insertAppMetaOnce } from '../../db/app-meta.repository.js';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database } from '../../db/schema.js';
import { sanitizeArticle, summaryOf } from '../blogs/blog-html.js';
import { insertBlog } from '../blogs/blogs.repository.js';
import { insertGame } from '../games/games.repository.js';
import { insertTool } from '../tools/tools.repository.js';
import { writeWithPicture } from '../uploads/row-pictures.js';
import { processImage } from '../uploads/uploads.service.js';
import { DEMO_BLOGS, DEMO_GAMES, DEMO_TOOLS } from './demo-content.js';

const SEEDED_KEY = 'demo_content_seeded';

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
  return processImage(png);
}

const BLOG_COLORS: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#0ea5e9'],
  ['#7c3aed', '#db2777'],
  ['#059669', '#0891b2'],
  ['#b91c1c', '#f59e0b'],
  ['#1d4ed8', '#9333ea'],
  ['#0f766e', '#65a30d'],
];

/**
 * Fills a new installation with demo games, posts and tools, once. A marker remembers that it
 * happened, so content an admin later deletes does not come back on the next start.
 */
export async function seedDemoContent(db: Kysely<Database>): Promise<boolean> {
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

    // Games are listed newest first, so the list is written backwards to show it in its order.
    for (const [i, { name, description, link }] of [...DEMO_GAMES.entries()].reverse()) {
      await writeWithPicture(trx, { picture: gameCovers[i]! }, null, (image) =>
        insertGame(trx, { name, description, link, image }),
      );
    }
    // Oldest first, so ids grow with the dates like posts written over time.
    const blogs = [...DEMO_BLOGS]
      .map((blog, i) => ({ blog, i }))
      .sort((a, b) => a.blog.date.localeCompare(b.blog.date));
    for (const { blog, i } of blogs) {
      await writeWithPicture(trx, { picture: blogCovers[i]! }, null, (image) =>
        insertBlog(trx, {
          title: blog.title,
          ...summaryOf(blog.content, blog.description),
          content: sanitizeArticle(blog.content),
          author: blog.author,
          date: blog.date,
          image,
        }),
      );
    }
    for (const tool of DEMO_TOOLS) await insertTool(trx, tool);
    return true;
  });
}
