import type { TBlog } from '@nexusplay/contract/blogs';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { PageTitle } from '../../components/ui/page';
import { blogIdFrom, blogKeys } from '../../features/blogs/api/get-blogs';
import { useShownBlog } from '../../features/blogs/api/use-shown-blog';
import { BlogArticle, BlogArticleSkeleton } from '../../features/blogs/components/blog-article';
import { blogTitle } from '../../features/blogs/components/blog-display';
import { RecentPosts } from '../../features/blogs/components/recent-posts';

export function BlogDetailPage() {
  const { id: idParam } = useParams();
  const { blog, isLoading, noPosts } = useShownBlog(blogIdFrom(idParam));
  const queryClient = useQueryClient();
  const articleRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set when a post is opened from the sidebar, so that only such a switch moves the page.
  const revealNextPost = useRef(false);

  const shownId = blog?.id;
  // In the commit that shows the new post, so that no frame has the new title without the focus.
  useLayoutEffect(() => {
    if (shownId === undefined || !revealNextPost.current) return;
    revealNextPost.current = false;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    articleRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
    // The new title takes the focus, so keyboard and screen reader users land on what changed.
    headingRef.current?.focus({ preventScroll: true });
  }, [shownId]);

  const openFromSidebar = (post: TBlog) => {
    // The sidebar already holds the whole post, so it shows at once without another request.
    queryClient.setQueryData(blogKeys.detail(post.id), post);
    revealNextPost.current = true;
  };

  return (
    <div className="mx-auto grid grid-cols-1 max-w-7xl gap-12 px-4 pt-28 pb-20 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
      <PageTitle title={blog ? blogTitle(blog) : 'Blog'} />
      <article ref={articleRef} aria-busy={isLoading} className="min-w-0 scroll-mt-24">
        <Link
          to="/blogs"
          className="mb-6 inline-flex items-center gap-2 rounded-md text-sm font-semibold text-indigo-300 hover:text-indigo-200"
        >
          <ArrowLeftIcon className="size-4" />
          Back to Blog
        </Link>
        {isLoading ? (
          <BlogArticleSkeleton />
        ) : blog ? (
          <BlogArticle key={blog.id} blog={blog} headingRef={headingRef} />
        ) : noPosts ? (
          <p className="text-lg text-slate-300">No posts have been published yet.</p>
        ) : null}
      </article>
      <RecentPosts currentId={blog?.id} onOpen={openFromSidebar} />
    </div>
  );
}
