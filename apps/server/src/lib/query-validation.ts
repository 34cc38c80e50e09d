import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';
import { LRUCache } from 'lru-cache';

/** Distinct query strings kept validated per route: a handful of shapes are nearly all asked. */
const QUERIES_KEPT = 256;
/**
 * A longer query is validated every time: a search (at most 100 characters) fits, a query padded
 * with names no schema reads would only fill memory.
 */
const QUERY_KEY_MAX = 256;

type Validated = { value: Record<string, unknown> };

const isValidated = (result: unknown): result is Validated =>
  typeof result === 'object' &&
  result !== null &&
  'value' in result &&
  typeof result.value === 'object' &&
  result.value !== null &&
  !('error' in result && result.error);

/** Every value is a number, a string, a boolean or absent: a copy of the object shares nothing. */
const isFlat = (value: Record<string, unknown>) =>
  Object.values(value).every((item) => typeof item !== 'object' || item === null);

/**
 * The validator compiler with each route's query strings remembered once validated: the pages
 * ask the same few (`?limit=10&offset=0`, the next page) on every request, and validating one
 * again costs a tenth of a signed-in page with nothing kept (bench/RESULTS.md 1b'). The query
 * schemas are pure (their answer rests on the text alone), so a query validated once answers the
 * same every time; each request gets its own copy of the validated object. Only successes are
 * kept, only for flat answers, and only for queries under QUERY_KEY_MAX characters; the least
 * recently asked go first. The bodies, parameters and headers are validated as before.
 */
export function rememberingQueries<Schema>(
  compile: FastifySchemaCompiler<Schema>,
): FastifySchemaCompiler<Schema> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    const kept = new LRUCache<string, Record<string, unknown>>({ max: QUERIES_KEPT });
    const remembering: FastifyValidationResult = (data: unknown) => {
      // The query as parsed: a plain object of strings (and arrays of them, for a repeated name).
      const key = JSON.stringify(data);
      const known = key.length <= QUERY_KEY_MAX ? kept.get(key) : undefined;
      if (known) return { value: { ...known } };
      const result = validate(data);
      if (key.length <= QUERY_KEY_MAX && isValidated(result) && isFlat(result.value)) {
        kept.set(key, { ...result.value });
      }
      return result;
    };
    return remembering;
  };
}
