import { Link } from 'react-router';
import { ArrowRightIcon, NewspaperIcon } from 'lucide-react';
import { CoverImage } from '../../../components/ui/cover-image';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { CoverCardSkeleton, type CoverCardPlacement } from '../../../components/ui/cover-card';
import {
  blogDateLabel,
  blogDateTime,
  blogTitle,
  SUMMARY_HTML_CLASSES,
  type LooseBlog,
} from './blog-display';

type BlogCardProps = CoverCardPlacement & { blog: LooseBlog };

/** A post's card; the whole card leads to the post. */
export function BlogCard({
  blog,
  headingLevel: Heading = 'h3',
  imageLoading = 'lazy',
}: BlogCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 transition-colors hover:border-indigo-400/60 hover:bg-slate-900 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-400">
      <CoverImage
        src={blog.image}
        width={640}
        height={360}
        loading={imageLoading}
        placeholderIcon={NewspaperIcon}
        className="aspect-video w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">
          <time dateTime={blogDateTime(blog)}>{blogDateLabel(blog)}</time>
        </p>
        <Heading className="mt-2 line-clamp-2 text-lg font-semibold text-white">
          <Link
            to={`/blogs/${blog.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
          >
            {blogTitle(blog)}
          </Link>
        </Heading>
        {blog.description ? (
          <SanitizedHtml
            html={blog.description}
            profile="summary"
            className={`mt-2 line-clamp-3 text-sm leading-relaxed text-slate-300 ${SUMMARY_HTML_CLASSES}`}
          />
        ) : null}
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-indigo-300 group-hover:text-indigo-200"
        >
          Read more
          <ArrowRightIcon className="size-4" />
        </span>
      </div>
    </article>
  );
}

/** Holds a card's place, at its size, while the posts load: date, title and summary. */
export function BlogCardSkeleton() {
  return <CoverCardSkeleton lines={['h-3 w-24', 'h-6 w-3/4', 'h-4 w-full', 'h-4 w-5/6']} />;
}
