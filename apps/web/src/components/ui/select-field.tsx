import type { ComponentProps } from 'react';
import { controlClassName, FormField } from './form-field';

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string | undefined };

/**
 * A labelled native select, styled like the text fields: the platform's own picker, usable by
 * keyboard and on phones, with its message tied to it.
 */
export function SelectField({ label, error, id, className, children, ...props }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={controlClassName(error)} {...props}>
          {children}
        </select>
      )}
    </FormField>
  );
}
