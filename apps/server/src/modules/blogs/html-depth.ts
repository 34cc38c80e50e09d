import { createRequire } from 'node:module';
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

/**
 * True when some element of `html` lies more than `limit` elements deep, as either parser sees it
 * (implied ends such as a paragraph closed by the next one included). Reading stops at the first
 * element too deep, so the parser's list of open elements stays short and the check costs time in
 * proportion to the text.
 */
export const nestsDeeperThan = (html: string, limit: number) =>
  PARSERS.some((Parser) => nestsDeeperWith(Parser, html, limit));

function nestsDeeperWith(Parser: typeof htmlparser2.Parser, html: string, limit: number) {
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
  parser.write(html);
  if (!deeper) parser.end();
  return deeper;
}
