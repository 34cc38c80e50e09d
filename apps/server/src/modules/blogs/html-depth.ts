import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as htmlparser2 from 'htmlparser2';

/**
 * How deep the elements of an article may nest. Editor content is a few levels deep (a list in a
 * list item, a link in bold); parsers keep the open elements in a list they search and shift for
 * every tag, so a deeper document costs time that grows with the square of its depth.
 */
export const CONTENT_MAX_DEPTH = 100;

/*
 * sanitize-html reads HTML with its own copy of htmlparser2, of an older major version than ours,
 * whose rules for implied end tags differ: ours ends a link or a heading where the next one
 * starts, its copy nests them. Content on its way to storage goes through both, so its depth is
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

/**
 * True when some element of `html` lies more than `limit` elements deep, as either parser sees it
 * (implied ends such as a paragraph closed by the next one included). Reading stops at the first
 * element too deep, so a parser's list of open elements stays short and the check costs time in
 * proportion to the text; other requests get a turn every SLICE_CHARS.
 */
export async function nestsDeeperThan(html: string, limit: number): Promise<boolean> {
  for (const Parser of PARSERS) {
    if (await nestsDeeperWith(Parser, html, limit)) return true;
  }
  return false;
}

async function nestsDeeperWith(Parser: typeof htmlparser2.Parser, html: string, limit: number) {
  let depth = 0;
  let deeper = false;
  const parser = new Parser(
    {
      onopentag: () => {
        depth += 1;
        if (depth > limit && !deeper) {
          deeper = true;
          parser.pause();
        }
      },
      onclosetag: () => {
        depth -= 1;
      },
    },
    // The options sanitize-html gives its parser, which plainText's match.
    { decodeEntities: true },
  );
  for (let start = 0; start < html.length && !deeper; start += SLICE_CHARS) {
    await nextTurn();
    parser.write(html.slice(start, start + SLICE_CHARS));
  }
  if (!deeper) parser.end();
  return deeper;
}
