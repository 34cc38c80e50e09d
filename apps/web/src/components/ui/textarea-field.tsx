import { useId, type ComponentProps } from 'react';
import { cx } from '../../lib/class-names';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  hint?: string;
  error?: string | undefined;
};

/** A labelled multi-line input whose hint and validation message are tied to it. */
export function TextareaField({ label, hint, error, id, className, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cx(
          'block w-full resize-y rounded-lg border bg-slate-950/60 px-3 py-2.5 text-slate-100 placeholder:text-slate-400 focus:border-indigo-400',
          error ? 'border-red-400' : 'border-slate-600',
        )}
        {...props}
      />
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
