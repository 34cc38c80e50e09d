import type { Kysely } from 'kysely';
import type { TBlog, ZBlogFields } from '@nexusplay/contract/blogs';
import type { TListQuery } from '@nexusplay/contract/lists';
import type { Database, Engine } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { PublicCache } from '../../http-cache/http-cache.js';
import { notFound } from '../../lib/app-error.js';
import {
  dropPictureIfUnused,
  writeWithPicture,
  type PictureChoice,
} from '../uploads/uploads.service.js';
import { chooseSummary, renderPostHtml, type PostHtml } from './blog-html.js';
import {
  deleteBlog,
  getBlog,
  insertBlog,
  latestBlogs,
  listBlogs,
  updateBlog,
} from './blogs.repository.js';

type DB = Kysely<Database>;
/** A post's form fields; whether to remove its picture is the picture choice's. */
export type BlogFields = Omit<ReturnType<typeof ZBlogFields.parse>, 'remove_image'>;

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

/** What the blogs module needs from the app. */
export type BlogsDeps = {
  db: DB;
  engine: Engine;
  publicCache: Pick<PublicCache, 'invalidate'>;
};

export type BlogsService = ReturnType<typeof blogsService>;

/**
 * The blog: every write drops the lists and the feeds that show posts once it has committed. A
 * post's HTML is sanitised before its transaction opens: it can take a while.
 */
export function blogsService({ db, engine, publicCache }: BlogsDeps) {
  const changed = () => publicCache.invalidate('blogs', 'feeds');

  return {
    list: (query: TListQuery) => listBlogs(db, engine, query),

    async get(id: number) {
      const blog = await getBlog(db, id);
      if (!blog) throw missing();
      return blog;
    },

    /** The post with this id, if there is one (a page shows another post when there is not). */
    find: (id: number) => getBlog(db, id),

    /** The newest posts with what a feed or a sitemap needs. */
    latest: (limit: number) => latestBlogs(db, limit),

    async create(fields: BlogFields, choice: PictureChoice) {
      const html = await renderPostHtml(fields.content, fields.description);
      const blog = await inTransaction(db, (trx) =>
        writeWithPicture(trx, choice, null, (image) =>
          insertBlog(trx, blogValues(fields, html, image)),
        ),
      );
      await changed();
      return blog;
    },

    async update(id: number, fields: BlogFields, choice: PictureChoice) {
      const html = await renderPostHtml(fields.content, fields.description);
      const blog = await inTransaction(db, async (trx) => {
        const current = await getBlog(trx, id);
        if (!current) throw missing();
        return writeWithPicture(trx, choice, current.image, (image) =>
          updateBlog(trx, id, blogValues(fields, html, image, current)),
        );
      });
      if (!blog) throw missing();
      await changed();
      return blog;
    },

    async remove(id: number) {
      await inTransaction(db, async (trx) => {
        const deleted = await deleteBlog(trx, id);
        if (!deleted) throw missing();
        await dropPictureIfUnused(trx, deleted.image);
      });
      await changed();
    },
  };
}
