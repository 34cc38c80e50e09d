import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isForeignKeyViolation } from '../db/errors.js';
import { AppError } from '../lib/app-error.js';
import { fieldErrors } from '../lib/validation.js';

const ROOT_MESSAGES: Record<string, string> = {
  body: 'The request body must be a JSON object.',
  querystring: 'The query string is invalid.',
  params: 'The path is invalid.',
  headers: 'The request headers are invalid.',
};

function validationReply(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const issues = error.validation.map((issue) => ({
    path: issue.instancePath.split('/').filter(Boolean),
    message: issue.message ?? 'Invalid value.',
  }));
  const errors = fieldErrors(issues);
  const isRootIssue = issues.some((issue) => issue.path.length === 0);
  const rootMessage = isRootIssue
    ? (ROOT_MESSAGES[error.validationContext ?? 'body'] ?? issues[0]?.message)
    : undefined;
  return {
    message: rootMessage ?? Object.values(errors)[0] ?? 'The request is invalid.',
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
  };
}

export type ErrorReply = {
  status: number;
  body: { message: string; errors?: Record<string, string> };
};

/** Maps any thrown error to its status and its body in the one error shape. */
export function errorReply(error: FastifyError, request: FastifyRequest): ErrorReply {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, body: validationReply(error) };
  }
  // A write that names a row deleted meanwhile by another request (its owner, its parent):
  // the database refused it whole, so nothing was saved; the caller can reload and retry.
  if (isForeignKeyViolation(error)) {
    return {
      status: 409,
      body: { message: 'Something this change refers to was removed meanwhile. Please reload.' },
    };
  }
  const multipartError = error.code ? MULTIPART_ERRORS[error.code] : undefined;
  if (multipartError)
    return { status: multipartError.status, body: { message: multipartError.message } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { message: clientMessage(error) } };
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
}

/**
 * One error shape on the wire, `{message, errors?}`, for every failure the app can produce.
 * Expected failures keep their status and message; anything else is a 500 whose details stay in
 * the log.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorReply(error, request);
    return reply.status(status).send(body);
  });
});

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/**
 * The multipart plugin's refusals, in plain words; its 406 for a body that is not multipart (or
 * for a field that claims to be JSON and is not) is our 415 and 400.
 */
const MULTIPART_ERRORS: Record<string, { status: number; message: string }> = {
  FST_PARTS_LIMIT: { status: 413, message: 'The form has too many parts.' },
  FST_FILES_LIMIT: { status: 413, message: 'The form carries more than one file.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The form has too many fields.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  FST_PROTO_VIOLATION: { status: 400, message: 'A form field has a name that is not allowed.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: 'Send this form as multipart/form-data.',
  },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field is not valid JSON.' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'The form ended before it was complete.' },
};

/** Fastify's own 4xx messages are safe but technical; the common ones get plain words. */
function clientMessage(error: FastifyError): string {
  if (error.code && CLIENT_MESSAGES[error.code]) return CLIENT_MESSAGES[error.code]!;
  if (error.name === 'SyntaxError') return 'The request body is not valid JSON.';
  return error.message;
}
