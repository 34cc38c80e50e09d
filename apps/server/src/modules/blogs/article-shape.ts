import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as htmlparser2 from 'htmlparser2';

/**
 * How deep the elements of an article may nest. Editor content is a few levels deep (a list in a
 * list item, a link in bold); parsers keep the open elements in a list they search and shift for
 * every tag, so a deeper document costs time that grows with the square of its depth.
 */
export const CONTENT_MAX_DEPTH = 100;

/**
 * How many elements an article may hold. Sanitising costs about a microsecond an element in one
 * stretch that cannot be split; a long article of prose has one element per 50 to 100 characters,
 * a few thousand at the length limit.
 */
export const CONTENT_MAX_ELEMENTS = 20_000;

/*
 * sanitize-html reads HTML with its own copy of htmlparser2, of an older major version than ours,
 * whose rules for implied end tags differ: ours ends a link or a heading where the next one
 * starts, its copy nests them. Content on its way to storage goes through both, so its shape is
 * measured by both.
 */
const require = createRequire(import.meta.url);
// Boundary: the copy sanitize-html resolves, typed as ours; the Parser API is the same.
const sanitizerCopy = createRequire(require.resolve('sanitize-html'))(
  'htmlparser2',
) as typeof htmlparser2;
const PARSERS = [...new Set([htmlparser2.Parser, sanitizerCopy.Parser])];

/** How much text a parser reads before other requests get a turn. */
const SLICE_CHARS = 32 * 1024;

export type ShapeLimit = 'depth' | 'elements';

/**
 * The first limit an article breaks, as either parser reads it (implied ends such as a paragraph
 * closed by the next one included), or undefined. Reading stops there, so a parser's list of open
 * elements stays short and the check costs time in proportion to the text; other requests get a
 * turn every SLICE_CHARS.
 */
export async function brokenShapeLimit(html: string): Promise<ShapeLimit | undefined> {
  for (const Parser of PARSERS) {
    const broken = await brokenWith(Parser, html);
    if (broken) return broken;
  }
  return undefined;
}

async function brokenWith(Parser: typeof htmlparser2.Parser, html: string) {
  let depth = 0;
  let elements = 0;
  let broken: ShapeLimit | undefined;
  const parser = new Parser(
    {
      onopentag: () => {
        depth += 1;
        elements += 1;
        if (broken) return;
        if (depth > CONTENT_MAX_DEPTH) broken = 'depth';
        else if (elements > CONTENT_MAX_ELEMENTS) broken = 'elements';
        if (broken) parser.pause();
      },
      onclosetag: () => {
        depth -= 1;
      },
    },
    // The options sanitize-html gives its parser, which plainText's match.
    { decodeEntities: true },
  );
  for (let start = 0; start < html.length && !broken; start += SLICE_CHARS) {
    await nextTurn();
    parser.write(html.slice(start, start + SLICE_CHARS));
  }
  if (!broken) parser.end();
  return broken;
}
