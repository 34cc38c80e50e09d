import type { Ref } from 'react';
import { CalendarIcon, NewspaperIcon, UserIcon } from 'lucide-react';
import { CoverImage } from '../../../components/ui/cover-image';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { Skeleton } from '../../../components/ui/skeleton';
import { textOf } from '../../../lib/display';
import { blogDateLabel, blogDateTime, blogTitle, type LooseBlog } from './blog-display';

/** The article's own markup has no classes, so its look is set from here. */
const ARTICLE_HTML_CLASSES = [
  'mt-8 max-w-none text-lg leading-relaxed text-slate-200',
  '[&_p]:mt-5 [&_p:first-child]:mt-0',
  '[&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-white',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-white',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_a]:text-indigo-300 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-indigo-200',
  '[&_strong]:text-white [&_b]:text-white',
].join(' ');

/**
 * The page shows the title above the article; a content that opens with that same heading would
 * say it twice. The markup is only parsed here, in an inert template, and sanitised afterwards.
 */
function withoutRepeatedTitle(html: string, title: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const first = [...template.content.childNodes].find(
    (node) => node.nodeType !== Node.TEXT_NODE || node.textContent?.trim(),
  );
  if (!(first instanceof HTMLHeadingElement) || first.tagName !== 'H1') return html;
  if (first.textContent?.trim() !== title.trim()) return html;
  first.remove();
  return template.innerHTML;
}

type BlogArticleProps = {
  blog: LooseBlog;
  /** The title, which takes the focus when another post is opened in its place. */
  headingRef?: Ref<HTMLHeadingElement>;
};

export function BlogArticle({ blog, headingRef }: BlogArticleProps) {
  return (
    <>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-3xl font-extrabold tracking-tight text-white focus:outline-none sm:text-4xl"
      >
        {blogTitle(blog)}
      </h1>
      <p className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-300">
        <span className="inline-flex items-center gap-2">
          <CalendarIcon aria-hidden="true" className="size-4 text-slate-400" />
          <time dateTime={blogDateTime(blog)}>{blogDateLabel(blog)}</time>
        </span>
        {textOf(blog.author) ? (
          <span className="inline-flex min-w-0 items-center gap-2">
            <UserIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="min-w-0 wrap-anywhere">
              <span className="sr-only">By </span>
              {blog.author}
            </span>
          </span>
        ) : null}
      </p>
      <CoverImage
        src={blog.image}
        width={1280}
        height={720}
        loading="eager"
        placeholderIcon={NewspaperIcon}
        className="mt-8 aspect-video w-full rounded-2xl"
      />
      <SanitizedHtml
        html={withoutRepeatedTitle(textOf(blog.content), textOf(blog.title))}
        profile="article"
        className={ARTICLE_HTML_CLASSES}
      />
    </>
  );
}

/**
 * Holds the article's place while it loads. An article fills at least the screen, so the
 * skeleton does too: what follows it (the sidebar on a phone) stays below the fold instead of
 * being pushed down when the article arrives.
 */
export function BlogArticleSkeleton() {
  return (
    <div aria-hidden="true" className="min-h-svh">
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="mt-4 h-4 w-48" />
      <Skeleton className="mt-8 aspect-video w-full rounded-2xl" />
      <div className="mt-8 space-y-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
