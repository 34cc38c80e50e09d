import type { Kysely } from 'kysely';
import { ZLinkFields } from '@nexusplay/contract/links';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { overCap, overCapReason, roomInList } from '../../db/row-caps.js';
import type { Database } from '../../db/schema.js';
import { parseCsv } from '../../lib/csv.js';
import { importRows } from '../../lib/row-import.js';
import { isBookmarksFile, parseBookmarks } from './bookmarks.js';
import { existingUrls, insertLink, insertLinks, type LinkValues } from './links.repository.js';

const ROWS = 'links';

/** The rows of a browser bookmarks file or a CSV file, each with its line for the report. */
async function rowsOf(text: string) {
  if (!isBookmarksFile(text)) return parseCsv(text, IMPORT_MAX_ROWS);
  const bookmarks = await parseBookmarks(text, IMPORT_MAX_ROWS);
  return bookmarks.map(({ line, title, url, category }) => ({
    line,
    values: { title, url, category },
  }));
}

/** A link added to the user's list, unless they have `cap` already (409 saying the cap). */
export async function createLink(
  db: Kysely<Database>,
  userId: number,
  values: LinkValues,
  cap: number,
) {
  return db.transaction().execute(async (trx) => {
    if ((await roomInList(trx, userId, 'links', cap, 1)) < 1) throw overCap(cap, ROWS);
    return insertLink(trx, userId, values);
  });
}

/**
 * A file's links added to the user's list, all or none; URLs already listed are skipped and
 * rows past the user's cap refused.
 */
export async function importLinks(db: Kysely<Database>, userId: number, text: string, cap: number) {
  return importRows({
    rows: await rowsOf(text),
    schema: ZLinkFields,
    keyOf: (link) => link.url,
    existing: (urls) => existingUrls(db, userId, urls),
    save: (links) =>
      db.transaction().execute(async (trx) => {
        const room = await roomInList(trx, userId, 'links', cap, links.length);
        await insertLinks(trx, userId, links.slice(0, room));
        return room;
      }),
    overCap: overCapReason(cap, ROWS),
  });
}
