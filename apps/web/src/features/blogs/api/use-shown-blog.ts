import { useQuery } from '@tanstack/react-query';
import { blogQuery, blogsPageQuery } from './get-blogs';

/**
 * The post named in the address, or the newest post when no post has that id (SPEC 2). The blog
 * is undefined while loading, when there are no posts at all, or when they could not be loaded.
 */
export function useShownBlog(id: number | undefined) {
  const requested = useQuery({ ...blogQuery(id ?? 0), enabled: id !== undefined });
  const missing = id === undefined || requested.data === null;
  const newest = useQuery({ ...blogsPageQuery({ limit: 1 }), enabled: missing });
  if (!missing) {
    return { blog: requested.data ?? undefined, isLoading: requested.isPending, noPosts: false };
  }
  return {
    blog: newest.data?.items[0],
    isLoading: newest.isPending,
    noPosts: newest.data?.items.length === 0,
  };
}
