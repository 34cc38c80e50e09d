import { ZLinkFields } from '@nexusplay/contract/links';
import { IMPORT_MAX_ROWS } from '@nexusplay/contract/personal-rows';
import { parseCsv } from '../../lib/csv.js';
import {
  personalListService,
  type PersonalListDeps,
} from '../personal-list/personal-list.service.js';
import { isBookmarksFile, parseBookmarks } from './bookmarks.js';
import { linksList } from './links.repository.js';

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
export const linksService = (deps: PersonalListDeps) =>
  personalListService(deps, {
    list: 'links',
    repository: linksList,
    rows: 'links',
    notFound: 'This link does not exist.',
    schema: ZLinkFields,
    keyOf: (link) => link.url,
    rowsOf,
  });
