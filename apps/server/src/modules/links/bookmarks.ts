import { setImmediate as nextTurn } from 'node:timers/promises';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { badRequest } from '../../lib/app-error.js';

export type Bookmark = { line: number; title: string; url: string; category: string | undefined };

/** True for a browser's bookmark export (the Netscape bookmark file format). */
export const isBookmarksFile = (text: string) =>
  /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1>|<DL>/i.test(text.slice(0, 4096));

/** How much text is read before other requests get a turn. */
const SLICE_CHARS = 64 * 1024;

/**
 * The links of a bookmarks file, each with the folder it sits in as its category and the line it
 * is on. Nothing of the file is kept but these texts; they are validated like typed links.
 *
 * The file is read as a flat stream of tags rather than built into a tree: a tree builder keeps
 * its open elements in a list it searches and shifts for every tag, which a file nested a
 * hundred thousand deep turns quadratic. Reading stops at the first link past `maxRows`, and the
 * event loop gets a turn every SLICE_CHARS.
 */
export async function parseBookmarks(text: string, maxRows: number): Promise<Bookmark[]> {
  const reader = new BookmarkReader(text, maxRows);
  const tokenizer = new Tokenizer({ decodeEntities: true }, reader);
  for (let start = 0; start < text.length; start += SLICE_CHARS) {
    if (start > 0) await nextTurn();
    tokenizer.write(text.slice(start, start + SLICE_CHARS));
  }
  tokenizer.end();
  return reader.bookmarks;
}

type OpenLink = { line: number; url: string; title: string };

/** Collects bookmarks from the tokenizer's events; the indexes it gets are into the whole text. */
class BookmarkReader implements TokenizerCallbacks {
  readonly bookmarks: Bookmark[] = [];
  /** For each open folder list, its folder's name, or the nearest named folder around it. */
  private readonly categories: (string | undefined)[] = [];
  private folderName: string | undefined;
  private readingFolderName = false;
  private link: OpenLink | undefined;
  private tag = '';
  private tagStart = 0;
  private readingHref = false;
  private href: string | undefined;
  private readonly lines: LineCounter;

  constructor(
    private readonly text: string,
    private readonly maxRows: number,
  ) {
    this.lines = new LineCounter(text);
  }

  onopentagname(start: number, end: number) {
    this.tag = this.text.slice(start, end).toLowerCase();
    this.tagStart = start;
    this.href = undefined;
    this.readingHref = false;
  }

  onattribname(start: number, end: number) {
    // Only the first href of a link counts, as in a browser.
    this.readingHref =
      this.tag === 'a' &&
      this.href === undefined &&
      end - start === 4 &&
      this.text.slice(start, end).toLowerCase() === 'href';
    if (this.readingHref) this.href = '';
  }

  onattribdata(start: number, end: number) {
    if (this.readingHref) this.href += this.text.slice(start, end);
  }

  onattribentity(codepoint: number) {
    if (this.readingHref) this.href += String.fromCodePoint(codepoint);
  }

  onattribend() {
    this.readingHref = false;
  }

  onopentagend() {
    this.openTag();
  }

  onselfclosingtag() {
    this.openTag();
  }

  onclosetag(start: number, end: number) {
    const name = this.text.slice(start, end).toLowerCase();
    if (name === 'h3') this.readingFolderName = false;
    else if (name === 'dl') this.categories.pop();
    else if (name === 'a') this.closeLink();
  }

  ontext(start: number, end: number) {
    this.addText(this.text.slice(start, end));
  }

  ontextentity(codepoint: number) {
    this.addText(String.fromCodePoint(codepoint));
  }

  onend() {
    this.closeLink();
  }

  oncdata() {}
  oncomment() {}
  ondeclaration() {}
  onprocessinginstruction() {}

  private openTag() {
    if (this.tag === 'h3') {
      this.readingFolderName = true;
      this.folderName = '';
    } else if (this.tag === 'dl') {
      this.categories.push(this.folderName?.trim() || this.categories.at(-1));
      this.folderName = undefined;
    } else if (this.tag === 'a' && this.href !== undefined) {
      // A link opened inside another ends it, as in a browser.
      this.closeLink();
      this.link = { line: this.lines.lineAt(this.tagStart), url: this.href, title: '' };
    }
    this.tag = '';
  }

  private addText(text: string) {
    if (this.readingFolderName) this.folderName = `${this.folderName ?? ''}${text}`;
    else if (this.link) this.link.title += text;
  }

  private closeLink() {
    if (!this.link) return;
    const { line, url, title } = this.link;
    this.link = undefined;
    if (this.bookmarks.length === this.maxRows)
      throw badRequest(`The file has more than ${this.maxRows} links.`);
    this.bookmarks.push({ line, url, title: title.trim(), category: this.categories.at(-1) });
  }
}

/** Line numbers of ascending positions in a text, counted in one pass over it. */
class LineCounter {
  private line = 1;
  private counted = 0;

  constructor(private readonly text: string) {}

  lineAt(index: number) {
    for (; this.counted < index; this.counted += 1) {
      if (this.text.charCodeAt(this.counted) === 10) this.line += 1;
    }
    return this.line;
  }
}
