import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FormFeedback } from '../components/ui/form-alert';
import { ApiError } from './api-client';

/** What a failed save says: messages about fields, and one about the form as a whole. */
export type SaveFailure = {
  fields?: Readonly<Record<string, string>>;
  /** Said above the form; without it, a message no field of the form can show, else the fallback. */
  message?: string | undefined;
};

export type SaveErrorOptions = {
  /** What to say above the form when the failure names no field of it. */
  fallback: string;
  /**
   * Fields the form shows but react-hook-form does not hold, such as a file picker: their
   * messages go to `errors.root[field]`, and the control clears them when it changes.
   */
  outside?: readonly string[];
  /**
   * Reads a failure where the spec words it otherwise than the server's field messages (the link
   * routes' `error` field, the sign-in form's one message). Define it outside the component: the
   * messages are placed again whenever it changes.
   */
  describe?: (error: Error, fallback: string) => SaveFailure;
};

const NONE: readonly string[] = [];

/** The server's field messages, and its own message when it names no field. */
export function describeSaveFailure(error: Error): SaveFailure {
  if (!(error instanceof ApiError)) return {};
  const named = Object.keys(error.fieldErrors).length > 0;
  return { fields: error.fieldErrors, message: named ? undefined : error.serverMessage };
}

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
  { fallback, outside = NONE, describe = describeSaveFailure }: SaveErrorOptions,
): string | undefined {
  const { getValues, setError } = form;
  const { stands } = feedback;

  useEffect(() => {
    if (error === null) return;
    const own = Object.keys(getValues());
    for (const [field, message] of Object.entries(describe(error, fallback).fields ?? {})) {
      // A field changed while the save was under way no longer has the value the message is about.
      if (!stands([field])) continue;
      if (outside.includes(field)) setError(`root.${field}`, { type: 'server', message });
      else if (own.includes(field)) setError(field as Path<TValues>, { type: 'server', message });
    }
  }, [error, getValues, setError, stands, outside, describe, fallback]);

  if (error === null || !stands()) return undefined;
  const { fields = {}, message } = describe(error, fallback);
  if (message !== undefined) return message;
  const placed = [...Object.keys(getValues()), ...outside];
  const named = Object.keys(fields);
  const unplaced = named.find((field) => !placed.includes(field));
  if (unplaced !== undefined) return fields[unplaced];
  return named.length > 0 ? undefined : fallback;
}
