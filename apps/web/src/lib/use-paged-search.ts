import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';
import type { TListQuery } from '@nexusplay/contract/lists';

/**
 * The search box and page of a server-side table. A new search starts again from its first page;
 * a page left empty (its last rows deleted) steps back to the last page that has rows.
 */
export function usePagedSearch(pageSize: number) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [paging, setPaging] = useState({ q, offset: 0 });
  const offset = paging.q === q ? paging.offset : 0;
  const setOffset = (next: number) => setPaging({ q, offset: next });

  /** Call with the total the server reported for the page on show. */
  const keepInRange = (total: number | undefined) => {
    if (total === undefined || offset === 0 || offset < total) return;
    setOffset(Math.max(0, Math.floor((total - 1) / pageSize) * pageSize));
  };

  const query: TListQuery = { q, limit: pageSize, offset };
  return { search, setSearch, query, setOffset, keepInRange };
}
