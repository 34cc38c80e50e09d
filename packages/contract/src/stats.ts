import { z } from 'zod';
import { zNumber } from './numbers.js';
import { PATH_MAX } from './wire-constants.js';

/** A public page view reported by the web app: the path only, nothing about the visitor. */
export const ZVisitRequest = z.object({
  path: z
    .string({ error: 'path is required.' })
    .trim()
    .min(1, 'path is required.')
    .max(PATH_MAX, `path must be at most ${PATH_MAX} characters.`)
    .regex(/^\/[^\s?#]*$/, 'path must be a site path such as /games.'),
});

export const ZLatestBlog = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first 100 characters of the article as plain text (fewer when it is shorter). */
  content: z.string(),
  author: z.string(),
  created_at: z.string(),
});

/** Counts for the admin dashboard (SPEC 3). Visitors are distinct visitors per day, summed. */
export const ZStatsResponse = z.object({
  stats: z.object({
    users: z.number().int(),
    articles: z.number().int(),
    games: z.number().int(),
    visitorsToday: z.number().int(),
    visitorsThisWeek: z.number().int(),
    visitorsThisMonth: z.number().int(),
  }),
  latest_blogs: z.array(ZLatestBlog),
});
export type TStatsResponse = z.infer<typeof ZStatsResponse>;

export const VISITS_DAYS_DEFAULT = 30;
export const VISITS_DAYS_MAX = 366;

export const ZVisitsQuery = z.object({
  days: zNumber('days must be a number.', (n) =>
    n
      .int('days must be a whole number.')
      .min(1, 'days must be at least 1.')
      .max(VISITS_DAYS_MAX, `days must be at most ${VISITS_DAYS_MAX}.`),
  ).optional(),
});

/** One item per day, oldest first: page views that day, its month and the accounts made that day. */
export const ZVisitsItem = z.object({
  day: z.string(),
  visits: z.number().int(),
  visitors: z.number().int(),
  month: z.string(),
  newUsers: z.number().int(),
});
export const ZVisitsResponse = z.array(ZVisitsItem);
export type TVisitsItem = z.infer<typeof ZVisitsItem>;
