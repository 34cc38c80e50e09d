import type { TBlog } from '@nexusplay/contract/blogs';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, getList, nextListOffset } from '../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../lib/prefetch';
import type { TListQuery } from '@nexusplay/contract/lists';
import { ID_MAX } from '@nexusplay/contract/wire-constants';

// The server sends the first page of these lists with the page's HTML, so it must know their sizes.
export {
  BLOGS_PAGE_SIZE,
  BLOG_SIDEBAR_PAGE_SIZE as SIDEBAR_PAGE_SIZE,
} from '@nexusplay/contract/page-data';

/**
 * A usable post id from the address, or undefined for one that can name no post (past the
 * largest id the database holds, the server would refuse it rather than say it is unknown).
 */
export function blogIdFrom(param: string | undefined): number | undefined {
  if (!param || !/^\d+$/.test(param)) return undefined;
  const id = Number(param);
  return id > 0 && id <= ID_MAX ? id : undefined;
}

/** Every blogs query starts with 'blogs', so a change to any post refreshes all of them. */
export const blogKeys = {
  all: ['blogs'] as const,
  page: (query: TListQuery) => ['blogs', 'page', query] as const,
  browse: (q: string, pageSize: number) => ['blogs', 'browse', q, pageSize] as const,
  detail: (id: number) => ['blogs', 'detail', id] as const,
};

/** Newest first. */
export function getBlogs(query: TListQuery & { signal?: AbortSignal }) {
  return getList<TBlog>('/blogs', query);
}

/** The post, or null when there is none with this id. */
export async function getBlog(id: number, signal?: AbortSignal) {
  try {
    return await apiRequest<TBlog>(`/blogs/${id}`, { signal });
  } catch (error) {
    // An unknown id is an answer, not a failure: the page shows another post instead.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function blogsPageQuery(query: TListQuery) {
  return queryOptions({
    queryKey: blogKeys.page(query),
    queryFn: ({ signal }) => getBlogs({ ...query, signal }),
  });
}

/** The posts matching `q`, loaded `pageSize` at a time. */
export function blogsBrowseQuery(q: string, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: blogKeys.browse(q, pageSize),
    queryFn: ({ pageParam, signal }) => getBlogs({ q, limit: pageSize, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextListOffset,
    staleTime: PREFETCHED_FRESH_MS,
  });
}

/** A post opened from a list is seeded from it; for a short while that copy needs no refetch. */
const BLOG_FRESH_MS = 30_000;

export function blogQuery(id: number) {
  return queryOptions({
    queryKey: blogKeys.detail(id),
    queryFn: ({ signal }) => getBlog(id, signal),
    staleTime: BLOG_FRESH_MS,
  });
}
