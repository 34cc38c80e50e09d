import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useSaveErrors, type SaveErrorOptions } from '../../lib/form-errors';
import { FormActions } from './form-actions';
import { FormAlert, useFormFeedback } from './form-alert';
import { useToast } from './toast';

type SaveMutation<TData, TVariables> = Pick<
  UseMutationResult<TData, Error, TVariables>,
  'mutate' | 'reset' | 'error' | 'isPending'
>;

type SaveFormOptions<TOutput, TData, TVariables> = SaveErrorOptions & {
  /** What the save sends, made of the form's checked values. */
  variables: (values: TOutput) => TVariables;
  /** After a successful save, the form back at its first values. */
  onSaved?: (data: TData) => void;
  onError?: (error: Error) => void;
  /**
   * The toast that confirms a successful save: a text, or one made of the answer (a server's own
   * message). None for a form that confirms the save where it stands.
   */
  saved?: string | ((data: TData) => string) | undefined;
};

/**
 * A form that saves through a mutation: its values are checked, sent, and the form is emptied once
 * they are saved and the `saved` toast confirms it; a failure's messages go where `useSaveErrors`
 * puts them, `alert` above the form.
 */
export function useSaveForm<TValues extends FieldValues, TOutput, TData, TVariables>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  mutation: SaveMutation<TData, TVariables>,
  {
    variables,
    onSaved,
    onError,
    saved,
    ...errorOptions
  }: SaveFormOptions<TOutput, TData, TVariables>,
) {
  const toast = useToast();
  const feedback = useFormFeedback(form, mutation);
  const alert = useSaveErrors(form, mutation.error, feedback, errorOptions);
  const { handleSubmit, reset, register, getFieldState, formState } = form;
  const onSubmit = feedback.submit(
    handleSubmit((values) =>
      mutation.mutate(variables(values), {
        onSuccess: (data) => {
          reset();
          onSaved?.(data);
          if (saved !== undefined) toast.success(typeof saved === 'string' ? saved : saved(data));
        },
        onError,
      }),
    ),
  );
  /** A field's input props: registered with the form, and its message. */
  const field = (name: Path<TValues>) => ({
    ...register(name),
    error: getFieldState(name, formState).error?.message,
  });
  return { feedback, alert, pending: mutation.isPending, onSubmit, field };
}

export type SaveFormState = Pick<ReturnType<typeof useSaveForm>, 'alert' | 'pending' | 'onSubmit'>;

type SaveFormProps = {
  save: SaveFormState;
  /** Given, the form ends with Cancel and Save; without it, its own buttons are among `children`. */
  onCancel?: () => void;
  className?: string;
  children: ReactNode;
};

/** The form element of `useSaveForm`: why the last save failed above the fields, the buttons below. */
export function SaveForm({ save, onCancel, className = 'space-y-5', children }: SaveFormProps) {
  return (
    <form noValidate onSubmit={save.onSubmit} className={className}>
      {save.alert ? <FormAlert>{save.alert}</FormAlert> : null}
      {children}
      {onCancel ? <FormActions pending={save.pending} onCancel={onCancel} /> : null}
    </form>
  );
}
