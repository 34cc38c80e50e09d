import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

/** What a field's control needs to be tied to its label, hint and message. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /**
   * The id of the message above the form that says why the value is refused, for a form that
   * shows its messages there: the control is marked invalid and described by it.
   */
  alertId?: string | undefined;
  /** The control's id; one is made up when none is given. */
  id?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A label, the control `children` draws, an optional hint and the validation message, the hint
 * and the message tied to the control for assistive technology.
 */
export function FormField({
  label,
  hint,
  error,
  alertId,
  id,
  className,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [alertId, hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error || alertId ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The look of a text input, text area or select, red-bordered while its value is refused. */
export function controlClassName(refused: string | boolean | undefined, extra?: string) {
  return cx(
    'block w-full rounded-lg border bg-slate-950/60 px-3 py-2.5 text-slate-100 placeholder:text-slate-400 focus:border-indigo-400',
    extra,
    refused ? 'border-red-400' : 'border-slate-600',
  );
}
