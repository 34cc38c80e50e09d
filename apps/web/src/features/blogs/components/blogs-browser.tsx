import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { BLOGS_PAGE_SIZE, blogsBrowseQuery } from '../api/get-blogs';
import { BlogCard, BlogCardSkeleton } from './blog-card';

/** The widest grid shows three cards a row; the first row is on screen as the page opens. */
const FIRST_ROW = 3;

/** The /blogs screen: its grid of cards, loading and empty states, and Load more. */
export function BlogsBrowser() {
  const blogs = useInfiniteQuery(blogsBrowseQuery('', BLOGS_PAGE_SIZE));
  const items = blogs.data?.pages.flatMap((page) => page.items);

  return (
    <Page
      title="Blog"
      description="News, guides and insights from the Web3 gaming world, written for players and builders."
    >
      <div className="mt-12">
        {blogs.isPending ? (
          <ul aria-busy="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={`placeholder-${index}`}>
                <BlogCardSkeleton />
              </li>
            ))}
          </ul>
        ) : items === undefined ? null : items.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-300">
            No posts have been published yet.
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((blog, index) => (
              <li key={blog.id}>
                <BlogCard
                  blog={blog}
                  headingLevel="h2"
                  imageLoading={index < FIRST_ROW ? 'eager' : 'lazy'}
                />
              </li>
            ))}
          </ul>
        )}
        {blogs.hasNextPage ? (
          <div className="mt-10 flex justify-center">
            <Button
              variant="secondary"
              className="px-6 py-2.5"
              disabled={blogs.isFetchingNextPage}
              onClick={() => void blogs.fetchNextPage()}
            >
              {blogs.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
