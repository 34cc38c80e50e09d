import { sql, type Kysely } from 'kysely';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * Two changes to what the public lists show.
 *
 * Blog descriptions: a post saved without one gets the opening of its content, which must follow
 * the content when it is edited, while a written one stays as written. The new flag tells them
 * apart. Posts saved before it are told apart by comparing their description with what the code
 * of the time derived (frozen below); those are derived again, now with spaces between blocks
 * (as modules/blogs/blog-html.ts derived them when this migration shipped, also copied below).
 *
 * Games search: the games list filters by name (SPEC), not by description. SQLite's FTS table
 * covers the name as a column of its own, so a column filter keeps it index-backed; PostgreSQL's
 * lower-cased search copy of games now holds the name alone.
 */
export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
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

async function markDerivedDescriptions(db: Kysely<unknown>, engine: MigrationEngine) {
  const derived = engine === 'postgres' ? sql`true` : sql`1`;
  let after = 0;
  for (;;) {
    const { rows } = await sql<Post>`
      select id, content, description from blogs where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    for (const post of rows) {
      if (post.description !== null && post.description !== formerExcerptOf(post.content)) continue;
      const description = excerptOf(post.content) || null;
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

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** lib/html.ts's escapeHtml when this migration shipped. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/*
 * The description derived from a post's content when this migration shipped: blog-html.ts's
 * summaryOf(content, undefined), that is excerptOf with plainText and truncateText, as they were.
 */
const EXCERPT_LENGTH = 200;

const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const NON_TEXT = new Set([
  'style',
  'script',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
]);

function plainText(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const edge = (name: string) => {
    if (NON_TEXT.has(name)) return true;
    if (!INLINE.has(name)) parts.push(' ');
    return false;
  };
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (edge(name)) hidden += 1;
      },
      onclosetag: (name) => {
        if (edge(name)) hidden = Math.max(0, hidden - 1);
      },
      ontext: (text) => {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function truncateText(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const excerptOf = (html: string) => escapeHtml(truncateText(plainText(html), EXCERPT_LENGTH));

async function searchGameNamesOnly(db: Kysely<unknown>) {
  await sql`drop index if exists games_search_text_trgm`.execute(db);
  await sql`alter table games drop column search_text`.execute(db);
  await sql`alter table games add column search_text text generated always as (lower(name)) stored`.execute(
    db,
  );
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trigramSchema = rows[0]?.schema;
  // Without pg_trgm (see migration 0003) search scans, as before.
  if (!trigramSchema) return;
  await sql`create index games_search_text_trgm on games using gin (search_text ${sql.id(trigramSchema)}.gin_trgm_ops)`.execute(
    db,
  );
}
