import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { FormFeedback } from '../../../components/ui/form-alert';

/**
 * The form's own validation messages that still stand, in the order of `fields`, for the alert
 * above the sign-in and sign-up forms (SPEC 2), with the fields they are about. `alsoAbout` names
 * the other fields a message depends on: a mismatch of passwords is about both.
 */
export function standingMessages<TValues extends FieldValues>(
  errors: FieldErrors<TValues>,
  fields: readonly (keyof TValues & string)[],
  feedback: FormFeedback,
  alsoAbout: Partial<Record<keyof TValues & string, readonly string[]>> = {},
) {
  const messages: string[] = [];
  const refused = new Set<string>();
  for (const field of fields) {
    const message = errors[field]?.message;
    if (typeof message !== 'string') continue;
    if (!feedback.stands([field, ...(alsoAbout[field] ?? [])])) continue;
    messages.push(message);
    refused.add(field);
  }
  return { messages, fields: refused as ReadonlySet<string> };
}
