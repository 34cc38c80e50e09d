import type { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters } from '@nexusplay/contract/text';
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

/**
 * Where `value` (parsed JSON, a query, a form, a row) holds text with control characters: the
 * dotted path of the first such string, `root` when it is a key, or undefined. Walked without
 * recursion, so that deeply nested JSON costs no stack, and with each value's path worked out
 * only for the one refused: a body may hold tens of thousands of strings.
 */
export function findControlCharacters(value: unknown, root: string): string | undefined {
  const values: unknown[] = [value];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [''];
  const pathOf = (index: number) => {
    const parts: (string | number)[] = [];
    for (let at = index; at > 0; at = parents[at]!) parts.unshift(keys[at]!);
    return parts.length > 0 ? parts.join('.') : root;
  };
  for (let next = 0; next < values.length; next += 1) {
    const item = values[next];
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) return pathOf(next);
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i += 1) {
        values.push(item[i]);
        parents.push(next);
        keys.push(i);
      }
    } else if (typeof item === 'object' && item !== null) {
      for (const key of Object.keys(item)) {
        if (hasControlCharacters(key)) return pathOf(next);
        values.push((item as Record<string, unknown>)[key]);
        parents.push(next);
        keys.push(key);
      }
    }
  }
  return undefined;
}

/** The field errors for text with control characters in `value`, if it holds any. */
export function controlCharacterErrors(value: unknown, root: string): FieldErrors | undefined {
  const field = findControlCharacters(value, root);
  return field === undefined ? undefined : { [field]: controlCharactersMessage(field) };
}

/** Refuses, with a 400 naming the field, text with control characters anywhere in `value`. */
export function assertNoControlCharacters(value: unknown, root: string): void {
  const errors = controlCharacterErrors(value, root);
  if (errors) throw badRequest(Object.values(errors)[0]!, errors);
}

/** Validates data that did not come through a route schema (multipart fields), failing as a 400. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  assertNoControlCharacters(data, 'form');
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first =
    Object.values(errors)[0] ?? result.error.issues[0]?.message ?? 'The request is invalid.';
  throw badRequest(first, Object.keys(errors).length > 0 ? errors : undefined);
}
