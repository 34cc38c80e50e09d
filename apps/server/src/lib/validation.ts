import type { z } from 'zod';
import { badRequest, type FieldErrors } from './app-error.js';

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message for each field, keyed by its dotted path. */
export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates data that did not come through a route schema (multipart fields), failing as a 400. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first =
    Object.values(errors)[0] ?? result.error.issues[0]?.message ?? 'The request is invalid.';
  throw badRequest(first, Object.keys(errors).length > 0 ? errors : undefined);
}
