import { z } from 'zod';
import { directionControlsMessage, hasNoDirectionControls } from './text.js';

export const BLOG_TITLE_MAX = 200;
export const BLOG_AUTHOR_MAX = 100;
export const BLOG_DESCRIPTION_MAX = 500;
export const BLOG_CONTENT_MAX = 200_000;

export const ZBlog = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Short summary: sanitised HTML limited to b, i, em, strong, a, p. */
  description: z.string().nullable(),
  /**
   * True when nobody wrote the description: it is the opening of the content and follows it. An
   * edit form leaves it blank, so that saving derives it again from the new content.
   */
  description_derived: z.boolean(),
  /** The article: sanitised HTML limited to b, i, em, strong, a, p, h1, h2, ul, li. */
  content: z.string(),
  image: z.string().nullable(),
  author: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  created_at: z.string(),
});
export type TBlog = z.infer<typeof ZBlog>;

const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const ZBlogDate = z
  .string({ error: 'Date is required.' })
  .trim()
  .min(1, 'Date is required.')
  .refine(isCalendarDate, 'Date must be a real date written YYYY-MM-DD.');

/**
 * The text fields of the blog form (multipart: title, content, author, date, description, plus
 * an optional image file). On update, `remove_image=true` clears the picture.
 */
export const ZBlogFields = z.object({
  title: z
    .string({ error: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(BLOG_TITLE_MAX, `Title must be at most ${BLOG_TITLE_MAX} characters.`)
    .refine(hasNoDirectionControls, directionControlsMessage('Title')),
  content: z
    .string()
    .max(BLOG_CONTENT_MAX, `Content must be at most ${BLOG_CONTENT_MAX} characters.`)
    .optional()
    .default(''),
  author: z
    .string({ error: 'Author is required.' })
    .trim()
    .min(1, 'Author is required.')
    .max(BLOG_AUTHOR_MAX, `Author must be at most ${BLOG_AUTHOR_MAX} characters.`)
    .refine(hasNoDirectionControls, directionControlsMessage('Author')),
  date: ZBlogDate,
  description: z
    .string()
    .trim()
    .max(BLOG_DESCRIPTION_MAX, `Description must be at most ${BLOG_DESCRIPTION_MAX} characters.`)
    .optional(),
  remove_image: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
