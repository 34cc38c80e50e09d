import { z } from 'zod';
import { zId } from './numbers.js';

/** What each user's own lists (wallets, links) share: the category, the owner and imports. */

export const CATEGORY_MAX = 50;

export const zOptionalCategory = z
  .string()
  .trim()
  .max(CATEGORY_MAX, `Category must be at most ${CATEGORY_MAX} characters.`)
  .nullish()
  .transform((value) => (value ? value : null));

/** The owner is always the caller; a user_id sent along must be the caller's own. */
export const zOwnerId = zId('User ID').optional();

export const ZOwnerQuery = z.object({ user_id: zOwnerId });

/** What an import did: rows added, duplicates skipped, and each refused row with its line. */
export const ZImportResult = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/**
 * The fields a user fills in for one row of their own list, in the order forms, tables and CSV
 * files show them. Listing fewer than the schema has is a compile error naming the missing one,
 * so a new field cannot be left out of the column lists derived from this.
 */
export function everyField<Key extends string>() {
  return <const Fields extends readonly Key[]>(
    ...fields: Fields &
      ([Exclude<Key, Fields[number]>] extends [never]
        ? unknown
        : { missingField: Exclude<Key, Fields[number]> })
  ): Fields => fields;
}

/** A form's starting values: the row's, or empty text for a new row. */
export function fieldDefaults<Field extends string>(
  fields: readonly Field[],
  row: { [K in Field]?: string | null } | undefined,
): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, row?.[field] ?? ''])) as Record<
    Field,
    string
  >;
}
