import { BLOG_CONTENT_MAX } from '@nexusplay/contract/blogs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { CSV_MAX_COLUMNS } from '../../src/lib/csv.js';
import { CONTENT_MAX_DEPTH, CONTENT_MAX_ELEMENTS } from '../../src/modules/blogs/article-shape.js';
import { address } from './chain-ids.js';

/** A file sent to an import route and the status it must get. */
export type HostileText = { name: string; text: string; status: number };

/** `head`, then `unit` as many times as fits in `size` bytes, then `tail`. */
function fillTo(size: number, head: string, unit: string, tail: string): string {
  const room = size - Buffer.byteLength(head) - Buffer.byteLength(tail);
  return head + unit.repeat(Math.floor(room / Buffer.byteLength(unit))) + tail;
}

/** `head`, then `unit` as many times as fits in an import file, then `tail`. */
export const fill = (head: string, unit: string, tail = '') =>
  fillTo(IMPORT_MAX_BYTES, head, unit, tail);

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

const validLinks = (count: number) =>
  range(count)
    .map((n) => `<DT><A HREF="https://example.com/${n}">Link ${n}</A>\n`)
    .join('');

/**
 * Bookmark files at the size limit with the shapes that made the parser super-linear (one tag a
 * line, deep nesting, unmatched and unclosed tags) and some that stress one token (a huge
 * attribute, title, folder name, comment or run of entities).
 */
export const hostileBookmarks: HostileText[] = [
  { name: 'a bare link per line', text: fill('<DL>\n', '<a href>\n'), status: 400 },
  { name: 'unclosed links', text: fill('<DL>', '<A HREF="https://example.com/">'), status: 400 },
  {
    name: 'one more link than the cap',
    text: `<DL>\n${validLinks(IMPORT_MAX_ROWS + 1)}</DL>`,
    status: 400,
  },
  {
    name: 'folders nested to the limit, then the cap of links',
    text: fill('<DL><p>', '<DT><H3>f</H3><DL><p>', validLinks(IMPORT_MAX_ROWS)),
    status: 200,
  },
  {
    name: 'unknown tags nested to the limit, then a link',
    text: fill('<DL>', '<b>', validLinks(1)),
    status: 200,
  },
  {
    name: 'unmatched closing tags below deep nesting',
    text: fill(`<DL>${'<i>'.repeat(20_000)}`, '</b>', validLinks(1)),
    status: 200,
  },
  { name: 'nested anchors', text: fill('<DL>', '<a href=x><b>'), status: 400 },
  {
    name: 'one huge attribute',
    text: fill('<DL><A HREF="https://example.com/', 'x', '">Huge</A>'),
    status: 200,
  },
  {
    name: 'an unterminated attribute',
    text: fill('<DL><A HREF="https://example.com/', 'x'),
    status: 200,
  },
  {
    name: 'many attributes',
    text: fill('<DL><A ', 'x ', 'HREF="https://e.com/">a</A>'),
    status: 200,
  },
  {
    name: 'one huge title of entities',
    text: fill('<DL><A HREF="https://example.com/title">', '&amp;', '</A>'),
    status: 200,
  },
  {
    name: 'one huge folder name',
    text: fill('<DL><DT><H3>', 'f', `</H3><DL>${validLinks(1)}</DL>`),
    status: 200,
  },
  { name: 'newlines, then a link', text: fill('<DL>', '\n', validLinks(1)), status: 200 },
  { name: 'an unclosed comment', text: fill('<DL><!--', '<a href>'), status: 200 },
  { name: 'raw text of a script', text: fill('<DL><script>', '<a href>'), status: 200 },
];

const WALLET_HEADER = 'wallet_name,wallet_address,category\n';

/**
 * CSV files at the size limit: one huge quoted field, rows past the cap, many columns,
 * unterminated quotes, and files of nothing but separators.
 */
export const hostileWalletCsvs: HostileText[] = [
  {
    name: 'one huge quoted field',
    text: fill(`${WALLET_HEADER}"`, 'x', `",${address(1)},c\n`),
    status: 200,
  },
  { name: 'an unterminated quote', text: fill(`${WALLET_HEADER}"`, 'x'), status: 400 },
  {
    name: 'an unterminated quote of newlines',
    text: fill(`${WALLET_HEADER}a,"`, '\n'),
    status: 400,
  },
  { name: 'rows far past the cap', text: fill(WALLET_HEADER, 'a,b,c\n'), status: 400 },
  { name: 'a header of many columns', text: fill('', 'c,', '\n'), status: 400 },
  { name: 'a row of many columns', text: fill(WALLET_HEADER, ','), status: 400 },
  {
    name: 'a row widened across quoted line breaks',
    text: fill(WALLET_HEADER, ',,,,"\n"'),
    status: 400,
  },
  {
    name: 'rows at the column limit, past the row cap',
    text: fill(
      `${range(CSV_MAX_COLUMNS)
        .map((n) => `c${n}`)
        .join(',')}\n`,
      `${'a,'.repeat(CSV_MAX_COLUMNS - 1)}a\n`,
    ),
    status: 400,
  },
  {
    name: 'escaped quotes',
    text: fill(`${WALLET_HEADER}"`, '""', `",${address(2)},\n`),
    status: 200,
  },
  { name: 'empty lines', text: fill(WALLET_HEADER, '\n'), status: 200 },
  { name: 'carriage returns', text: fill(WALLET_HEADER, '\r'), status: 200 },
  {
    name: 'the cap of valid rows',
    text:
      WALLET_HEADER +
      range(IMPORT_MAX_ROWS)
        .map((n) => `W${n},${address(n + 10)},c\n`)
        .join(''),
    status: 200,
  },
];

/** The same shapes for the links' CSV import. */
export const hostileLinkCsvs: HostileText[] = [
  {
    name: 'one huge quoted title',
    text: fill('title,url,category\n"', 'x', '",https://example.com/q,\n'),
    status: 200,
  },
  { name: 'an unterminated quote', text: fill('title,url\n"', 'x'), status: 400 },
  { name: 'rows far past the cap', text: fill('title,url\n', 't,u\n'), status: 400 },
  { name: 'a header of many columns', text: fill('title,url,', 'c,', '\n'), status: 400 },
  {
    name: 'the cap of valid rows',
    text:
      'title,url\n' +
      range(IMPORT_MAX_ROWS)
        .map((n) => `T${n},https://example.com/c${n}\n`)
        .join(''),
    status: 200,
  },
];

/** `head`, then `unit` as many times as fits in a blog post's content, then `tail`. */
const fillContent = (head: string, unit: string, tail = '') =>
  fillTo(BLOG_CONTENT_MAX, head, unit, tail);

/** An opening tag with as many distinct attributes as fit in a blog post's content. */
function manyAttributes(): string {
  const names: string[] = [];
  let length = '<p >x</p>'.length;
  for (let n = 0; length + n.toString(36).length + 2 < BLOG_CONTENT_MAX; n += 1) {
    names.push(`a${n.toString(36)}`);
    length += n.toString(36).length + 2;
  }
  return `<p ${names.join(' ')}>x</p>`;
}

const nestedTo = (depth: number, inner: string) =>
  `${'<b>'.repeat(depth)}${inner}${'</b>'.repeat(depth)}`;

/** `head` (one element), then `unit` (of `elements`) up to the element cap, then text. */
const atElementCap = (head: string, unit: string, elements: number) =>
  fillContent(head + unit.repeat(Math.floor((CONTENT_MAX_ELEMENTS - 1) / elements)), 'x');

/**
 * Blog post contents at the size limit: elements nested past any real article (unknown tags,
 * allowed ones, lists, foreign SVG, tags never closed) or too many of them, and bodies within the
 * limits that stress the parser otherwise (nesting to the limit over and over, unmatched closing
 * tags, many attributes, one huge attribute, entities, unclosed comments and raw text).
 */
export const hostileBlogBodies: HostileText[] = [
  { name: 'unknown tags nested', text: fillContent('', '<x>'), status: 400 },
  { name: 'divs nested', text: fillContent('', '<div>'), status: 400 },
  { name: 'allowed tags nested', text: fillContent('', '<b><i>'), status: 400 },
  { name: 'lists nested', text: fillContent('', '<ul><li>'), status: 400 },
  { name: 'SVG nested', text: fillContent('', '<svg>'), status: 400 },
  // htmlparser2 12 ends a link or heading where the next begins; sanitize-html's copy nests them.
  { name: 'links nested', text: fillContent('', '<a>'), status: 400 },
  { name: 'headings nested', text: fillContent('', '<h1>'), status: 400 },
  { name: 'unclosed tags around text', text: fillContent('', '<b>x'), status: 400 },
  {
    name: 'unmatched closing tags below deep nesting',
    text: fillContent('<i>'.repeat(20_000), '</b>'),
    status: 400,
  },
  {
    name: 'one level past the nesting limit',
    text: nestedTo(CONTENT_MAX_DEPTH + 1, 'x'),
    status: 400,
  },
  { name: 'unclosed paragraphs', text: fillContent('', '<p>x'), status: 400 },
  { name: 'unclosed list items', text: fillContent('<ul>', '<li>x'), status: 400 },
  { name: 'line breaks', text: fillContent('', 'x<br>'), status: 400 },
  {
    name: 'one element past the cap',
    text: '<br>'.repeat(CONTENT_MAX_ELEMENTS + 1),
    status: 400,
  },
  {
    name: 'nesting to the limit over and over, to the element cap',
    text: atElementCap('<hr>', nestedTo(CONTENT_MAX_DEPTH, 'x'), CONTENT_MAX_DEPTH),
    status: 201,
  },
  {
    name: 'unclosed list items to the element cap',
    text: atElementCap('<ul>', '<li>x', 1),
    status: 201,
  },
  {
    name: 'unclosed paragraphs to the element cap',
    text: atElementCap('<p>', '<p>x', 1),
    status: 201,
  },
  {
    name: 'unmatched closing tags below nesting at the limit',
    text: fillContent('<i>'.repeat(CONTENT_MAX_DEPTH), '</b>'),
    status: 201,
  },
  { name: 'many attributes', text: manyAttributes(), status: 201 },
  {
    name: 'one huge attribute',
    text: fillContent('<a href="https://example.com/', 'x', '">link</a>'),
    status: 201,
  },
  { name: 'an unterminated attribute', text: fillContent('<a href="', 'x'), status: 201 },
  { name: 'a paragraph of entities', text: fillContent('<p>', '&amp;', '</p>'), status: 201 },
  { name: 'an unclosed comment', text: fillContent('<p>x</p><!--', '<b>'), status: 201 },
  { name: 'raw text of a script', text: fillContent('<p>x</p><script>', '<b>'), status: 201 },
];
