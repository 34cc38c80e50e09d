import type { Kysely } from 'kysely';
import { ZLinkFields } from '@nexusplay/contract/links';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import type { Database } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { importRows } from '../../lib/row-import.js';
import { isBookmarksFile, parseBookmarks } from './bookmarks.js';
import { existingUrls, insertLinks } from './links.repository.js';

/** The rows of a browser bookmarks file or a CSV file, each with its line for the report. */
async function rowsOf(text: string) {
  if (!isBookmarksFile(text)) return parseCsv(text, IMPORT_MAX_ROWS);
  const bookmarks = await parseBookmarks(text, IMPORT_MAX_ROWS);
  return bookmarks.map(({ line, title, url, category }) => ({
    line,
    values: { title, url, category },
  }));
}

/** A file's links added to the user's list, all or none; URLs already listed are skipped. */
export async function importLinks(db: Kysely<Database>, userId: number, text: string) {
  return importRows({
    rows: await rowsOf(text),
    schema: ZLinkFields,
    keyOf: (link) => link.url,
    existing: (urls) => existingUrls(db, userId, urls),
    save: (links) => db.transaction().execute((trx) => insertLinks(trx, userId, links)),
  });
}
