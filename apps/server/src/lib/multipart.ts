import multipart from '@fastify/multipart';
import { BLOG_CONTENT_MAX } from '@nexusplay/contract/blogs';
import { IMAGE_MAX_BYTES } from '@nexusplay/contract/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from './app-error.js';

/** What one form may carry: one picture or import file and a dozen text fields. */
const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 12,
  // A field holds at most BLOG_CONTENT_MAX characters of up to four UTF-8 bytes each.
  fieldSize: BLOG_CONTENT_MAX * 4,
  parts: 14,
};

/**
 * The routes that read multipart forms, in a context of their own with the multipart plugin.
 * The plugin adds two hooks to every request of its context (they clean up files saved to disk,
 * which these forms never do); registered for the whole app, they would run on every answer,
 * the cached public reads included. Elsewhere a multipart body is refused with 415.
 */
export function withMultipartForms(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    await app.register(routes);
  };
}

export type UploadedFile = { field: string; filename: string; buffer: Buffer };
export type MultipartForm = { fields: Record<string, string>; file?: UploadedFile };

/**
 * Reads a multipart form with at most one file, in the field `fileField`. Size limits are the
 * multipart plugin's (a file over the limit is a 413); the bytes are checked by the caller.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send this form as multipart/form-data.');
  }
  try {
    return await collectParts(request, fileField);
  } catch (error) {
    throw formError(error);
  }
}

/**
 * Our own refusals and the plugin's (its limits, which carry a status) pass on; anything else
 * thrown while reading is the parser failing on the body (no boundary, a boundary that never
 * comes, a part cut off or a header that never ends), so the form is malformed, not the server.
 */
function formError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest('The form could not be read: it is not complete multipart/form-data.');
}

async function collectParts(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        await part.toBuffer();
        throw badRequest(`Only the ${fileField} field may carry a file.`, {
          [part.fieldname]: 'Unexpected file.',
        });
      }
      const buffer = await part.toBuffer();
      // An empty file input still sends a part with no name and no bytes: that means "no file".
      if (buffer.length > 0 || part.filename) {
        if (buffer.length === 0)
          throw badRequest('The image file is empty.', { [fileField]: 'The image file is empty.' });
        file = { field: part.fieldname, filename: part.filename, buffer };
      }
    } else {
      // The parser cuts a value over its size limit short and says so; a cut value is refused.
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new AppError(413, 'A form field is too large.', { [part.fieldname]: 'Too large.' });
      if (typeof part.value === 'string' && !(part.fieldname in fields))
        fields[part.fieldname] = part.value;
    }
  }
  return file ? { fields, file } : { fields };
}
