import type { ComponentProps } from 'react';
import { controlClassName, FormField } from './form-field';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  hint?: string;
  error?: string | undefined;
};

/** A labelled multi-line input whose hint and validation message are tied to it. */
export function TextareaField({ label, hint, error, id, className, ...props }: TextareaFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={4}
          className={controlClassName(error, 'resize-y')}
          {...props}
        />
      )}
    </FormField>
  );
}
