import { z } from 'zod';
import { zId, zNumber } from './numbers.js';

/** No list answer ever holds more rows than this, with or without paging parameters. */
export const LIST_CAP = 1000;
export const SEARCH_MAX = 100;

/**
 * Paging and search for the public lists: `?q=&limit=&offset=`. The total number of matching
 * rows travels in the X-Total-Count header, so the body stays the plain array the spec names.
 */
export const ZListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters.`)
    .optional(),
  limit: zNumber('limit must be a number.', (n) =>
    n
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(LIST_CAP, `limit must be at most ${LIST_CAP}.`),
  ).optional(),
  offset: zNumber('offset must be a number.', (n) =>
    n
      .int('offset must be a whole number.')
      .min(0, 'offset must be 0 or more.')
      .max(10_000_000, 'offset is too large.'),
  ).optional(),
});
/** The query as parsed: numbers, not the strings of the URL. */
export type TListQuery = z.output<typeof ZListQuery>;

export const ZIdParams = z.object({ id: zId() });

/** Answer of a delete: what happened, in words a page can show. */
export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
