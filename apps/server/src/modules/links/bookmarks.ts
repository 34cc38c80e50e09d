import { Parser } from 'htmlparser2';

export type Bookmark = { line: number; title: string; url: string; category: string | undefined };

/** True for a browser's bookmark export (the Netscape bookmark file format). */
export const isBookmarksFile = (text: string) =>
  /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1>|<DL>/i.test(text.slice(0, 4096));

/**
 * The links of a bookmarks file, each with the folder it sits in as its category and the line it
 * is on. Nothing of the file is kept but these texts; they are validated like typed links.
 */
export function parseBookmarks(text: string): Bookmark[] {
  const bookmarks: Bookmark[] = [];
  const folders: string[] = [];
  let pendingFolder: string | undefined;
  let readingFolder = false;
  let current: { line: number; url: string; title: string } | undefined;
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'h3') {
          readingFolder = true;
          pendingFolder = '';
        } else if (name === 'dl') {
          folders.push(pendingFolder ?? '');
          pendingFolder = undefined;
        } else if (name === 'a' && attributes.href !== undefined) {
          current = { line: lineAt(parser.startIndex), url: attributes.href, title: '' };
        }
      },
      ontext(data) {
        if (readingFolder) pendingFolder = `${pendingFolder ?? ''}${data}`;
        else if (current) current.title += data;
      },
      onclosetag(name) {
        if (name === 'h3') readingFolder = false;
        else if (name === 'dl') folders.pop();
        else if (name === 'a' && current) {
          const category = [...folders]
            .reverse()
            .find((folder) => folder.trim())
            ?.trim();
          bookmarks.push({ ...current, title: current.title.trim(), category });
          current = undefined;
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
  return bookmarks;
}
