import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error.js';

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
    } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
      fields[part.fieldname] = part.value;
    }
  }
  return file ? { fields, file } : { fields };
}
