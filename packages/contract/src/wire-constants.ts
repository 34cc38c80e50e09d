/**
 * Plain values that the web's first screen needs. This module imports nothing, zod least of all:
 * a schema module that the entry imports a constant from brings its schema builders, and zod with
 * them, into the first visit's JavaScript (e2e/bundle-budget.spec.ts).
 */

export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Sent as `true` when X-Total-Count is a lower bound: a catalogue search counts its matches only
 * so far past the page asked for (see the README, "Lists").
 */
export const TOTAL_IS_LOWER_BOUND_HEADER = 'x-total-count-lower-bound';

/** The longest page path a visit report may carry. */
export const PATH_MAX = 200;

/** The largest id the database holds: ids are 32-bit integer columns on PostgreSQL. */
export const ID_MAX = 2_147_483_647;
