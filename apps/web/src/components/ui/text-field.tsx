import type { ComponentProps } from 'react';
import { controlClassName, FormField } from './form-field';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  hint?: string;
  error?: string | undefined;
  /** See FormField: the message about this field is above the form. */
  alertId?: string | undefined;
};

/** A labelled input whose hint and validation message are tied to it for assistive technology. */
export function TextField({
  label,
  hint,
  error,
  alertId,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      alertId={alertId}
      id={id}
      className={className}
    >
      {(control) => (
        <input {...control} className={controlClassName(error || alertId)} {...inputProps} />
      )}
    </FormField>
  );
}
