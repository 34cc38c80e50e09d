import type { FormFeedback } from '../components/ui/form-alert';
import { ApiError } from './api-client';

export type SaveErrorReport<TField extends string> = {
  /** The server's messages for fields the form shows, to be placed under them. */
  fieldErrors: Partial<Record<TField, string>>;
  /** What to say above the form when no field message explains the failure. */
  alert: string | undefined;
};

/**
 * Splits a failed save into messages for the form's own fields and one general message. Any
 * field message the form has no place for becomes the general message, so none is lost. Only
 * the messages that still stand are kept: one about a field the user has changed since is gone.
 */
export function describeSaveError<TField extends string>(
  error: Error | null,
  fields: readonly TField[],
  fallback: string,
  stands: FormFeedback['stands'] = () => true,
): SaveErrorReport<TField> {
  if (error === null) return { fieldErrors: {}, alert: undefined };
  if (!(error instanceof ApiError))
    return { fieldErrors: {}, alert: stands() ? fallback : undefined };

  const fieldErrors: Partial<Record<TField, string>> = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (!(fields as readonly string[]).includes(field)) unplaced.push(message);
    else if (stands([field])) fieldErrors[field as TField] = message;
  }
  const placedSome = Object.keys(error.fieldErrors).length > unplaced.length;
  const alert = unplaced[0] ?? (placedSome ? undefined : (error.serverMessage ?? fallback));
  // A message about no field of the form is about the whole form (see useFormFeedback).
  return { fieldErrors, alert: alert !== undefined && stands() ? alert : undefined };
}
