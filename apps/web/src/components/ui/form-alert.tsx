import {
  useCallback,
  useEffect,
  useState,
  type FormEvent,
  type FormEventHandler,
  type ReactNode,
} from 'react';
import type { FieldValues, UseFormSubscribe } from 'react-hook-form';

type FormAlertProps = {
  /** For the fields the message is about to point at (aria-describedby). */
  id?: string | undefined;
  children: ReactNode;
};

/** The red message above a form that explains why the last submission failed. */
export function FormAlert({ id, children }: FormAlertProps) {
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2.5 text-sm text-red-300"
    >
      {children}
    </div>
  );
}

/** Several messages in one alert, one per line; nothing at all when there are none. */
export function FormAlertMessages({ id, messages }: { id?: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <FormAlert id={id}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className="space-y-1">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
}

export type FormFeedback = {
  /**
   * Whether a message about these fields still stands: none of them has changed since the
   * submission it answers. A message about no field in particular is about the whole form.
   */
  stands: (fields?: readonly string[]) => boolean;
  /** For a control react-hook-form does not hold, such as a file picker: it has changed. */
  changed: (field: string) => void;
  /**
   * The form's submit handler, made to start afresh: the last submission's failure is reset and
   * its messages stand again for the fields this one finds wrong.
   */
  submit: (
    handler: (event: FormEvent<HTMLFormElement>) => unknown,
  ) => FormEventHandler<HTMLFormElement>;
};

type Submission = {
  /** Forgets the last failure; called as a new submission starts. */
  reset: () => void;
};

const NOTHING_CHANGED: ReadonlySet<string> = new Set();
const LEAVING = new Set(['blur', 'focusout']);

/**
 * Every form's messages behave alike: a message goes once the user changes a field it is about,
 * and a new submission replaces whatever the last one said (its failure is reset as it starts,
 * through `submit`).
 */
export function useFormFeedback<TValues extends FieldValues>(
  form: { subscribe: UseFormSubscribe<TValues> },
  submission: Submission,
): FormFeedback {
  const [changedFields, setChangedFields] = useState(NOTHING_CHANGED);
  const { subscribe } = form;
  const { reset } = submission;

  const changed = useCallback(
    (field: string) =>
      setChangedFields((fields) => (fields.has(field) ? fields : new Set(fields).add(field))),
    [],
  );

  // A value the user changed: typing, picking, pasting; not leaving a field, nor a reset.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (name && type && !LEAVING.has(type)) changed(name);
        },
      }),
    [subscribe, changed],
  );

  const submit = useCallback(
    (handler: (event: FormEvent<HTMLFormElement>) => unknown) =>
      (event: FormEvent<HTMLFormElement>) => {
        reset();
        setChangedFields(NOTHING_CHANGED);
        void handler(event);
      },
    [reset],
  );

  const stands = useCallback(
    (fields?: readonly string[]) =>
      fields === undefined || fields.length === 0
        ? changedFields.size === 0
        : !fields.some((field) => changedFields.has(field)),
    [changedFields],
  );
  return { stands, changed, submit };
}
