import type { Kysely } from 'kysely';
import { ZLinkFields } from '@nexusplay/contract/links';
import type { TListQuery } from '@nexusplay/contract/lists';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { overCap, overCapReason, roomInList } from '../../db/row-caps.js';
import type { Database, Engine } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { parseCsv } from '../../lib/csv.js';
import { importRows } from '../../lib/row-import.js';
import { isBookmarksFile, parseBookmarks } from './bookmarks.js';
import {
  deleteLink,
  existingUrls,
  insertLink,
  insertLinks,
  linksAfter,
  listLinks,
  updateLink,
  type LinkValues,
} from './links.repository.js';

/** What the links module needs from the app; `cap` is how many links one user may keep. */
export type LinksDeps = { db: Kysely<Database>; engine: Engine; cap: number };

const ROWS = 'links';
const NOT_FOUND = 'This link does not exist.';

/** The rows of a browser bookmarks file or a CSV file, each with its line for the report. */
async function rowsOf(text: string) {
  if (!isBookmarksFile(text)) return parseCsv(text, IMPORT_MAX_ROWS);
  const bookmarks = await parseBookmarks(text, IMPORT_MAX_ROWS);
  return bookmarks.map(({ line, title, url, category }) => ({
    line,
    values: { title, url, category },
  }));
}

/** Link Manager: each user's own links; another user's link is not found. */
export function linksService({ db, engine, cap }: LinksDeps) {
  return {
    list: (userId: number, query: TListQuery) => listLinks(db, engine, userId, query),

    /** A page of the user's links after id `after`, for the CSV export. */
    pageAfter: (userId: number, after: number, limit: number) =>
      linksAfter(db, userId, after, limit),

    /** A link added to the user's list, unless they have `cap` already (409 saying the cap). */
    create(userId: number, values: LinkValues) {
      return db.transaction().execute(async (trx) => {
        if ((await roomInList(trx, userId, 'links', cap, 1)) < 1) throw overCap(cap, ROWS);
        return insertLink(trx, userId, values);
      });
    },

    async update(userId: number, id: number, values: LinkValues) {
      const link = await updateLink(db, userId, id, values);
      if (!link) throw notFound(NOT_FOUND);
      return link;
    },

    async remove(userId: number, id: number) {
      if (!(await deleteLink(db, userId, id))) throw notFound(NOT_FOUND);
    },

    /**
     * A file's links added to the user's list, all or none; URLs already listed are skipped and
     * rows past the user's cap refused.
     */
    async import(userId: number, text: string) {
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
    },
  };
}
