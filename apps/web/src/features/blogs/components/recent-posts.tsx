import type { TBlog } from '@nexusplay/contract/blogs';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { NewspaperIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CoverImage } from '../../../components/ui/cover-image';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { SearchField } from '../../../components/ui/search-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { blogsBrowseQuery, SIDEBAR_PAGE_SIZE } from '../api/get-blogs';
import { blogDateLabel, blogTitle, SUMMARY_HTML_CLASSES } from './blog-display';

/** A click that opens the link here; others (new tab, new window) leave this page as it is. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

type RecentPostsProps = {
  /** The post on show, which the list leaves out. */
  currentId: number | undefined;
  /** Called with a post about to be opened from the list, before the address changes. */
  onOpen: (blog: TBlog) => void;
};

/** The sidebar of the blog page: the other posts, searchable by title and description. */
export function RecentPosts({ currentId, onOpen }: RecentPostsProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const posts = useInfiniteQuery({
    ...blogsBrowseQuery(q, SIDEBAR_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const others = posts.data?.pages
    .flatMap((page) => page.items)
    .filter((blog) => blog.id !== currentId);

  return (
    <aside aria-labelledby="recent-posts-heading" className="lg:sticky lg:top-24 lg:self-start">
      <h2 id="recent-posts-heading" className="text-xl font-bold text-white">
        Recent Posts
      </h2>
      <SearchField
        lang="id"
        label="Cari postingan"
        placeholder="Cari postingan..."
        value={search}
        onValueChange={setSearch}
        className="mt-4"
      />
      {posts.isPending ? (
        <div className="mt-4">
          <p role="status" className="text-sm text-slate-300">
            Loading blogs...
          </p>
          <ul aria-hidden="true" className="mt-3 space-y-3">
            {Array.from({ length: 4 }, (_, index) => (
              <li key={index} className="flex gap-3 p-2">
                <Skeleton className="h-16 w-24 shrink-0 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : others === undefined ? null : others.length === 0 ? (
        <p lang="id" role="status" className="mt-4 text-sm text-slate-300">
          {q ? 'Tidak ada postingan yang cocok dengan pencarian.' : 'Belum ada postingan lain.'}
        </p>
      ) : (
        <ul
          aria-busy={posts.isPlaceholderData}
          className={cx(
            'mt-4 space-y-2 transition-opacity',
            posts.isPlaceholderData && 'opacity-60',
          )}
        >
          {others.map((blog) => (
            <li
              key={blog.id}
              className="relative flex gap-3 rounded-xl p-2 transition-colors hover:bg-white/5 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-indigo-400"
            >
              <CoverImage
                src={blog.image}
                width={96}
                height={64}
                placeholderIcon={NewspaperIcon}
                className="h-16 w-24 shrink-0 rounded-lg"
              />
              <div className="min-w-0 flex-1">
                <h3 className="line-clamp-2 text-sm font-semibold text-white">
                  <Link
                    to={`/blogs/${blog.id}`}
                    preventScrollReset
                    onClick={(event) => {
                      if (isPlainClick(event)) onOpen(blog);
                    }}
                    className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                  >
                    {blogTitle(blog)}
                  </Link>
                </h3>
                <p className="mt-1 text-xs text-slate-400">{blogDateLabel(blog)}</p>
                {blog.description ? (
                  <SanitizedHtml
                    html={blog.description}
                    profile="summary"
                    className={`mt-1 line-clamp-2 text-xs text-slate-300 ${SUMMARY_HTML_CLASSES}`}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {posts.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          disabled={posts.isFetchingNextPage || posts.isPlaceholderData}
          onClick={() => void posts.fetchNextPage()}
        >
          {posts.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </aside>
  );
}
