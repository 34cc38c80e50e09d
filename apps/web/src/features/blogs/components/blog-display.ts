import type { TBlog } from '@nexusplay/contract/blogs';
import { formatCalendarDate } from '../../../lib/format-date';

/** The title to show, with the spec's stand-in when a post has none. */
export function blogTitle(blog: Pick<TBlog, 'title'>): string {
  return blog.title.trim() || 'Untitled Blog';
}

/** The date to show, with the spec's stand-in when a post has none that can be read. */
export function blogDateLabel(blog: Pick<TBlog, 'date'>): string {
  return formatCalendarDate(blog.date) ?? 'Unknown Date';
}

/**
 * Links inside a summary sit above the card's own link, which covers the whole card, so that
 * both can be followed.
 */
export const SUMMARY_HTML_CLASSES =
  'relative [&_a]:relative [&_a]:z-10 [&_a]:text-indigo-300 [&_a]:underline [&_a]:underline-offset-2 [&_p+p]:mt-2';
