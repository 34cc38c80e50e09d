import { ApiError } from './api-client';

export type SaveErrorReport<TField extends string> = {
  /** The server's messages for fields the form shows, to be placed under them. */
  fieldErrors: Partial<Record<TField, string>>;
  /** What to say above the form when no field message explains the failure. */
  alert: string | undefined;
};

/**
 * Splits a failed save into messages for the form's own fields and one general message. Any
 * field message the form has no place for becomes the general message, so none is lost.
 */
export function describeSaveError<TField extends string>(
  error: Error | null,
  fields: readonly TField[],
  fallback: string,
): SaveErrorReport<TField> {
  if (error === null) return { fieldErrors: {}, alert: undefined };
  if (!(error instanceof ApiError)) return { fieldErrors: {}, alert: fallback };

  const fieldErrors: Partial<Record<TField, string>> = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) fieldErrors[field as TField] = message;
    else unplaced.push(message);
  }
  const placedSome = Object.keys(fieldErrors).length > 0;
  const alert = unplaced[0] ?? (placedSome ? undefined : (error.serverMessage ?? fallback));
  return { fieldErrors, alert };
}
