import type { Kysely } from 'kysely';
import type { TBlog, ZBlogFields } from '@nexusplay/contract/blogs';
import { notFound } from '../../lib/app-error.js';
import type { Database } from '../../db/schema.js';
import {
  dropPictureIfUnused,
  writeWithPicture,
  type PictureChoice,
} from '../uploads/row-pictures.js';
import { chooseSummary, renderPostHtml, type PostHtml } from './blog-html.js';
import { deleteBlog, getBlog, insertBlog, updateBlog } from './blogs.repository.js';

type DB = Kysely<Database>;
export type BlogFields = ReturnType<typeof ZBlogFields.parse>;

const missing = () => notFound('This blog post does not exist.');

/**
 * The stored form of a post: both HTML fields sanitised, a description always present. The
 * description is derived from the content as written, before the article profile drops tags
 * that still separate words. A derived description sent back unchanged (as a form prefilled with
 * it would) is not one the author wrote.
 */
function blogValues(
  fields: BlogFields,
  html: PostHtml,
  image: string | null,
  current?: Pick<TBlog, 'description' | 'description_derived'>,
) {
  const echoed =
    current?.description_derived === true &&
    fields.description !== undefined &&
    html.written === current.description;
  return {
    title: fields.title,
    content: html.content,
    ...chooseSummary(echoed ? '' : html.written, html.derived),
    author: fields.author,
    date: fields.date,
    image,
  };
}

/** The post's HTML is sanitised before the transaction opens: it can take a while. */
export async function createBlog(db: DB, fields: BlogFields, choice: PictureChoice) {
  const html = await renderPostHtml(fields.content, fields.description);
  return db
    .transaction()
    .execute((trx) =>
      writeWithPicture(trx, choice, null, (image) =>
        insertBlog(trx, blogValues(fields, html, image)),
      ),
    );
}

export async function changeBlog(db: DB, id: number, fields: BlogFields, choice: PictureChoice) {
  const html = await renderPostHtml(fields.content, fields.description);
  const blog = await db.transaction().execute(async (trx) => {
    const current = await getBlog(trx, id);
    if (!current) throw missing();
    return writeWithPicture(trx, choice, current.image, (image) =>
      updateBlog(trx, id, blogValues(fields, html, image, current)),
    );
  });
  if (!blog) throw missing();
  return blog;
}

export function removeBlog(db: DB, id: number) {
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteBlog(trx, id);
    if (!deleted) throw missing();
    await dropPictureIfUnused(trx, deleted.image);
  });
}
