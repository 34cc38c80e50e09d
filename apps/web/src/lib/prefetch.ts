/**
 * How long a list that a route's loader fetched, while the page's code was still on its way,
 * counts as current: the page mounting just after takes it as it is instead of asking again.
 */
export const PREFETCHED_FRESH_MS = 5_000;
