import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBlog, ZBlogFields } from '@nexusplay/contract/blogs';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { badRequest, notFound } from '../../lib/app-error.js';
import { cachedListRoute } from '../../http-cache/http-cache.js';
import { readMultipartForm, withMultipartForms } from '../../lib/multipart.js';
import { parseOrThrow } from '../../lib/validation.js';
import { BEARER, WRITE_ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { readPictureChoice } from '../uploads/row-pictures.js';
import {
  brokenShapeLimit,
  CONTENT_MAX_DEPTH,
  CONTENT_MAX_ELEMENTS,
  type ShapeLimit,
} from './article-shape.js';
import { getBlog, listBlogs } from './blogs.repository.js';
import { changeBlog, createBlog, removeBlog, type BlogFields } from './blogs.service.js';

const multipartDoc = {
  consumes: ['multipart/form-data'],
  description: `multipart/form-data with the text fields title, content (HTML nested at most ${CONTENT_MAX_DEPTH} deep, of at most ${CONTENT_MAX_ELEMENTS} elements; sanitised to b, i, em, strong, a, p, h1, h2, ul, li), author, date (YYYY-MM-DD), an optional description (when blank, the opening of the content), optionally remove_image=true on update, and an optional image file (PNG, JPEG, WebP, GIF or AVIF, at most 5 MB and 40 megapixels).`,
  security: BEARER,
};

const SHAPE_MESSAGES: Record<ShapeLimit, string> = {
  depth: `Content is nested too deeply (at most ${CONTENT_MAX_DEPTH} levels).`,
  elements: `Content must have at most ${CONTENT_MAX_ELEMENTS} HTML elements.`,
};

/**
 * The text fields of a blog form, checked before any picture is decoded. Content too deep or too
 * dense to sanitise in a short stretch is refused before it reaches sanitising.
 */
async function readBlogFields(form: Record<string, string>): Promise<BlogFields> {
  const fields = parseOrThrow(ZBlogFields, form);
  const broken = await brokenShapeLimit(fields.content);
  if (broken) throw badRequest(SHAPE_MESSAGES[broken], { content: SHAPE_MESSAGES[broken] });
  return fields;
}

/** A post changed: the lists and the feeds that show posts are dropped from the cache. */
const blogsChanged = (app: FastifyInstance) => app.publicCache.invalidate('blogs', 'feeds');

/** Publishing and changing a post: multipart forms with an optional picture. */
const blogForms: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.kysely;
  const changed = () => blogsChanged(app);

  app.post(
    '/blogs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blogs'],
        summary: 'Publish a blog post',
        ...multipartDoc,
        response: { 201: ZBlog, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, 'image');
      const fields = await readBlogFields(form.fields);
      const blog = await createBlog(db(), fields, await readPictureChoice(form.file?.buffer));
      await changed();
      return reply.status(201).send(blog);
    },
  );

  app.put(
    '/blogs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blogs'],
        summary: 'Change a blog post',
        ...multipartDoc,
        params: ZIdParams,
        response: { 200: ZBlog, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const form = await readMultipartForm(request, 'image');
      const fields = await readBlogFields(form.fields);
      const choice = await readPictureChoice(form.file?.buffer, fields.remove_image);
      const blog = await changeBlog(db(), id, fields, choice);
      await changed();
      return blog;
    },
  );
};

export const blogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.kysely;
  const changed = () => blogsChanged(app);

  cachedListRoute(app, 'blogs', {
    summary:
      'Blog posts, newest first; X-Total-Count holds the number of matches (a lower bound when X-Total-Count-Lower-Bound is true)',
    item: ZBlog,
    load: (query) => listBlogs(db(), app.db.engine, query),
  });

  app.get(
    '/blogs/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blogs'],
        summary: 'One blog post',
        params: ZIdParams,
        response: { 200: ZBlog, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const blog = await getBlog(db(), request.params.id);
      if (!blog) throw notFound('This blog post does not exist.');
      return blog;
    },
  );

  await app.register(withMultipartForms(blogForms));

  app.delete(
    '/blogs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blogs'],
        summary: 'Delete a blog post',
        security: BEARER,
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...WRITE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await removeBlog(db(), request.params.id);
      await changed();
      return { message: 'Blog post deleted.' };
    },
  );
};
