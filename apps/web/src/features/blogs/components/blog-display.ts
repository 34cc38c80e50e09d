import type { TBlog } from '@nexusplay/contract/blogs';
import { textOr, type Loose } from '../../../lib/display';
import { formatDay } from '../../../lib/format-date';

/** A post as a card or a row may receive it: any field but the id may be missing. */
export type LooseBlog = Loose<TBlog>;

/** The title to show, with the spec's stand-in when a post has none. */
export function blogTitle(blog: { title?: string | null }): string {
  return textOr(blog.title, 'Untitled Blog');
}

/** The date to show, with the spec's stand-in when a post has none that can be read. */
export function blogDateLabel(blog: { date?: string | null }): string {
  return formatDay(blog.date) ?? 'Unknown Date';
}

/** The date for a time element, only when it is one. */
export function blogDateTime(blog: { date?: string | null }): string | undefined {
  return formatDay(blog.date) ? (blog.date ?? undefined) : undefined;
}

/**
 * Links inside a summary sit above the card's own link, which covers the whole card, so that
 * both can be followed.
 */
export const SUMMARY_HTML_CLASSES =
  'relative [&_a]:relative [&_a]:z-10 [&_a]:text-indigo-300 [&_a]:underline [&_a]:underline-offset-2 [&_p+p]:mt-2';
