import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FormFeedback } from '../components/ui/form-alert';
import { ApiError } from './api-client';

type SaveErrorOptions = {
  /** What to say above the form when the failure names no field of it. */
  fallback: string;
  /**
   * Fields the form shows but react-hook-form does not hold, such as a file picker: their
   * messages go to `errors.root[field]`, and the control clears them when it changes.
   */
  outside?: readonly string[];
};

const NONE: readonly string[] = [];

/**
 * Places a failed save's field messages under the form's own fields, as react-hook-form errors,
 * and returns what to say above the form. Any field message the form has no place for becomes
 * that general message, so none is lost. A field's message goes as the field is checked again
 * (react-hook-form re-validates a changed field after a submission) and a new submission clears
 * them all; the general message follows `feedback`.
 */
export function useSaveErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'getValues' | 'setError'>,
  error: Error | null,
  feedback: FormFeedback,
  { fallback, outside = NONE }: SaveErrorOptions,
): string | undefined {
  const { getValues, setError } = form;
  const { stands } = feedback;

  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    const own = Object.keys(getValues());
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      // A field changed while the save was under way no longer has the value the message is about.
      if (!stands([field])) continue;
      if (outside.includes(field)) setError(`root.${field}`, { type: 'server', message });
      else if (own.includes(field)) setError(field as Path<TValues>, { type: 'server', message });
    }
  }, [error, getValues, setError, stands, outside]);

  return generalMessage(error, [...Object.keys(getValues()), ...outside], fallback, stands);
}

function generalMessage(
  error: Error | null,
  fields: readonly string[],
  fallback: string,
  stands: FormFeedback['stands'],
): string | undefined {
  if (error === null || !stands()) return undefined;
  if (!(error instanceof ApiError)) return fallback;
  const named = Object.keys(error.fieldErrors);
  const unplaced = named.filter((field) => !fields.includes(field));
  if (unplaced[0] !== undefined) return error.fieldErrors[unplaced[0]];
  return named.length > 0 ? undefined : (error.serverMessage ?? fallback);
}
