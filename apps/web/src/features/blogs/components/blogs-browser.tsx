import { useInfiniteQuery } from '@tanstack/react-query';
import { CardGrid } from '../../../components/ui/card-grid';
import { Page } from '../../../components/ui/page';
import { BLOGS_PAGE_SIZE, blogsBrowseQuery } from '../api/get-blogs';
import { BlogCard, BlogCardSkeleton } from './blog-card';

/** The /blogs screen: the grid of posts with its loading and empty states. */
export function BlogsBrowser() {
  const blogs = useInfiniteQuery(blogsBrowseQuery('', BLOGS_PAGE_SIZE));

  return (
    <Page
      title="Blog"
      description="News, guides and insights from the Web3 gaming world, written for players and builders."
    >
      <div className="mt-12">
        <CardGrid
          query={blogs}
          items={blogs.data?.pages.flatMap((page) => page.items)}
          itemKey={(blog) => blog.id}
          renderCard={(blog, imageLoading) => (
            <BlogCard blog={blog} headingLevel="h2" imageLoading={imageLoading} />
          )}
          columns={3}
          skeleton={<BlogCardSkeleton />}
          placeholders={6}
          emptyText="No posts have been published yet."
        />
      </div>
    </Page>
  );
}
