import { z } from 'zod';
import { ID_MAX } from './wire-constants.js';

/** A decimal number as text: what a form field or a query string carries. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number, or the decimal text of one: nothing else. Coercion would read `true` as 1 and `""`,
 * `" "` or `[]` as 0; none of those is a number someone meant. `rules` adds the field's own
 * checks (whole number, range) to the number read.
 */
export function zNumber(message: string, rules: (n: z.ZodNumber) => z.ZodNumber = (n) => n) {
  // Each option says `message` too: a form's resolver reports the union's closest option, not
  // the union's own message, and would otherwise say "Invalid input: expected number".
  return z
    .union(
      [
        z.number({ error: message }),
        z.string({ error: message }).trim().regex(DECIMAL, message).transform(Number),
      ],
      { error: message },
    )
    .pipe(rules(z.number({ error: message })));
}

export { ID_MAX };

/** Any id, in a path, a query or a body: a whole number from 1 to ID_MAX. */
export const zId = (label = 'The id') =>
  zNumber(`${label} must be a number.`, (n) =>
    n
      .int(`${label} must be a whole number.`)
      .positive(`${label} must be a positive number.`)
      .max(ID_MAX, `${label} is too large.`),
  );
