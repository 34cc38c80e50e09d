import { sql } from 'kysely';
import type { TLink, TLinkFields } from '@nexusplay/contract/links';
import { searchTextContains } from '../../db/personal-search.js';
import { containsInsensitive } from '../../db/search.js';
import { personalListRepository } from '../personal-list/personal-list.repository.js';

export type LinkValues = TLinkFields;

/** Link Manager: each user's own links. */
export const linksList = personalListRepository<'links', TLink, TLink, LinkValues>({
  list: 'links',
  ownColumns: ['title', 'url', 'category'],
  // An object literal of the link's fields is what the compiled serialiser reads fastest.
  toItem: (row) => ({
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    url: row.url,
    category: row.category,
    created_at: row.created_at,
  }),
  stored: ({ title, url, category }) => ({ title, url, category }),
  key: 'url',
  search: (q) => ({
    postgres: () => searchTextContains('links', q),
    candidatesOf: q,
    sqlite: (eb) =>
      eb.or([containsInsensitive('title', q), containsInsensitive(sql`coalesce(category, '')`, q)]),
  }),
});

/** Names the benches and tests seed and search with. */
export const { list: listLinks, insertMany: insertLinks } = linksList;
