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
const TEXT_ONLY = { ...LINK_RULES, allowedTags: [], allowedAttributes: {} };

export const sanitizeArticle = (html: string) => sanitizeHtml(html, ARTICLE).trim();

export const sanitizeSummary = (html: string) => sanitizeHtml(html, SUMMARY).trim();

const EXCERPT_LENGTH = 200;

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Plain text of some HTML, with block boundaries kept as spaces. */
export function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|h1|h2|li|ul)>/gi, '$& ').replace(/<br\s*\/?>/gi, ' ');
  return decodeEntities(sanitizeHtml(spaced, TEXT_ONLY)).replace(/\s+/g, ' ').trim();
}

/** The opening of some text, cut at a word boundary. */
export function truncateText(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * A description for a post that has none: the opening of its text. Descriptions are HTML, so
 * the text is escaped: "&lt;b&gt;" written in an article must stay text.
 */
export const excerptOf = (html: string, length = EXCERPT_LENGTH) =>
  escapeHtml(truncateText(plainText(html), length));
