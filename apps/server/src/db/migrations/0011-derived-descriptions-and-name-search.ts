import { sql, type Kysely } from 'kysely';
import { extensionSchema } from '../migration-helpers.js';
import sanitizeHtml from 'sanitize-html';
import { summaryOf } from '../../modules/blogs/blog-html.js';
import { escapeHtml } from '../../lib/html.js';
import type { Engine } from '../schema.js';

/*
 * Two changes to what the public lists show.
 *
 * Blog descriptions: a post saved without one gets the opening of its content, which must follow
 * the content when it is edited, while a written one stays as written. The new flag tells them
 * apart. Posts saved before it are told apart by comparing their description with what the code
 * of the time derived (frozen below); those are derived again, now with spaces between blocks.
 *
 * Games search: the games list filters by name (SPEC), not by description. SQLite's FTS table
 * covers the name as a column of its own, so a column filter keeps it index-backed; PostgreSQL's
 * lower-cased search copy of games now holds the name alone.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('blogs')
    .addColumn('description_derived', engine === 'postgres' ? 'boolean' : 'integer', (col) =>
      col.notNull().defaultTo(sql`false`),
    )
    .execute();
  await markDerivedDescriptions(db, engine);
  if (engine === 'postgres') await searchGameNamesOnly(db);
}

const BATCH = 500;

type Post = { id: number; content: string; description: string | null };

async function markDerivedDescriptions(db: Kysely<unknown>, engine: Engine) {
  const derived = engine === 'postgres' ? sql`true` : sql`1`;
  let after = 0;
  for (;;) {
    const { rows } = await sql<Post>`
      select id, content, description from blogs where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    for (const post of rows) {
      if (post.description !== null && post.description !== formerExcerptOf(post.content)) continue;
      const { description } = summaryOf(post.content, undefined);
      await sql`update blogs set description = ${description}, description_derived = ${derived}
        where id = ${post.id}`.execute(db);
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** How descriptions were derived until now: only some block ends made spaces. */
function formerExcerptOf(content: string) {
  const spaced = content.replace(/<\/(p|h1|h2|li|ul)>/gi, '$& ').replace(/<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    nonTextTags: [
      'style',
      'script',
      'textarea',
      'option',
      'noscript',
      'template',
      'iframe',
      'object',
    ],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const excerpt = escapeHtml(formerTruncate(text, 200));
  return excerpt || null;
}

function formerTruncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

async function searchGameNamesOnly(db: Kysely<unknown>) {
  await sql`drop index if exists games_search_text_trgm`.execute(db);
  await sql`alter table games drop column search_text`.execute(db);
  await sql`alter table games add column search_text text generated always as (lower(name)) stored`.execute(
    db,
  );
  const trigramSchema = await extensionSchema(db, 'pg_trgm');
  // Without pg_trgm (see migration 0003) search scans, as before.
  if (!trigramSchema) return;
  await sql`create index games_search_text_trgm on games using gin (search_text ${sql.id(trigramSchema)}.gin_trgm_ops)`.execute(
    db,
  );
}
