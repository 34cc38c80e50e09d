import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBlog, ZBlogFields } from '@nexusplay/contract/blogs';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZIdParams, ZMessageResponse } from '@nexusplay/contract/lists';
import { badRequest } from '../../lib/app-error.js';
import { cachedListRoute } from '../../http-cache/http-cache.js';
import { readMultipartForm, withMultipartForms } from '../../lib/multipart.js';
import { parseOrThrow } from '../../lib/validation.js';
import { BEARER, WRITE_ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { readPictureChoice } from '../uploads/uploads.service.js';
import {
  brokenShapeLimit,
  CONTENT_MAX_DEPTH,
  CONTENT_MAX_ELEMENTS,
  type ShapeLimit,
} from './article-shape.js';
import { blogsService, type BlogFields, type BlogsService } from './blogs.service.js';

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
async function readBlogFields(
  form: Record<string, string>,
): Promise<BlogFields & { remove_image: boolean }> {
  const fields = parseOrThrow(ZBlogFields, form);
  const broken = await brokenShapeLimit(fields.content);
  if (broken) throw badRequest(SHAPE_MESSAGES[broken], { content: SHAPE_MESSAGES[broken] });
  return fields;
}

/** Publishing and changing a post: multipart forms with an optional picture. */
const blogForms =
  (blogs: BlogsService): FastifyPluginAsyncZod =>
  async (app) => {
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
        const blog = await blogs.create(fields, await readPictureChoice(form.file?.buffer));
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
        return blogs.update(id, fields, choice);
      },
    );
  };

export const blogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const blogs = blogsService({
    db: app.db.kysely,
    engine: app.db.engine,
    publicCache: app.publicCache,
  });

  cachedListRoute(app, 'blogs', {
    summary:
      'Blog posts, newest first; X-Total-Count holds the number of matches (a lower bound when X-Total-Count-Lower-Bound is true)',
    item: ZBlog,
    load: (query) => blogs.list(query),
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
    async (request) => blogs.get(request.params.id),
  );

  await app.register(withMultipartForms(blogForms(blogs)));

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
      await blogs.remove(request.params.id);
      return { message: 'Blog post deleted.' };
    },
  );
};
