import { setImmediate as nextTurn } from 'node:timers/promises';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../lib/html.js';

/*
 * The two HTML profiles of the spec (SPEC 5): the full article, and the short description shown on
 * cards and in the sidebar. Only href survives on links, and only http(s) and mailto targets.
 * What is stored has passed through here; the browser sanitises again before display.
 */

const LINK_RULES = {
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard' as const,
  // Text inside these is code or styling, never prose worth keeping.
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
};

const ARTICLE = {
  ...LINK_RULES,
  allowedTags: ['b', 'i', 'em', 'strong', 'a', 'p', 'h1', 'h2', 'ul', 'li'],
};
const SUMMARY = { ...LINK_RULES, allowedTags: ['b', 'i', 'em', 'strong', 'a', 'p'] };

export const sanitizeArticle = (html: string) => sanitizeHtml(html, ARTICLE).trim();

export const sanitizeSummary = (html: string) => sanitizeHtml(html, SUMMARY).trim();

const EXCERPT_LENGTH = 200;

/*
 * Elements whose edges do not separate words: "<b>bo</b>ld" is one word. Every other element (a
 * paragraph, a heading, a list item, a table cell, a line break, one the article profile drops)
 * ends a block, which reads as a space.
 */
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
const NON_TEXT = new Set(LINK_RULES.nonTextTags);

/** Plain text of some HTML, entities decoded, with a space wherever a block begins or ends. */
export function plainText(html: string): string {
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

/** The opening of some text, cut at a word boundary. */
export function truncateText(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The first `length` characters of some text (whole code points, so no emoji is split). */
export const openingOf = (text: string, length: number) =>
  Array.from(text).slice(0, length).join('').trimEnd();

/**
 * A description for a post that has none: the opening of its text. Descriptions are HTML, so
 * the text is escaped: "&lt;b&gt;" written in an article must stay text.
 */
export const excerptOf = (html: string, length = EXCERPT_LENGTH) =>
  escapeHtml(truncateText(plainText(html), length));

export type BlogSummary = { description: string | null; description_derived: boolean };

/**
 * The description a post is stored with: the one its author wrote (sanitised), or else the one
 * derived from its content, marked as such so that it follows the content when the content changes.
 */
export const chooseSummary = (written: string, derived: string | null): BlogSummary =>
  written
    ? { description: written, description_derived: false }
    : { description: derived, description_derived: true };

export const summaryOf = (contentHtml: string, written: string | undefined): BlogSummary =>
  chooseSummary(written ? sanitizeSummary(written) : '', excerptOf(contentHtml) || null);

/** A post's stored HTML: its article, the description written for it and the one derived. */
export type PostHtml = { content: string; written: string; derived: string | null };

/**
 * The stored HTML of a post's fields. A pass over a long article takes tens of milliseconds, so
 * each pass runs in a turn of its own and other requests are answered between them.
 */
export async function renderPostHtml(
  content: string,
  description: string | undefined,
): Promise<PostHtml> {
  await nextTurn();
  const article = sanitizeArticle(content);
  await nextTurn();
  return {
    content: article,
    written: description ? sanitizeSummary(description) : '',
    derived: excerptOf(content) || null,
  };
}
