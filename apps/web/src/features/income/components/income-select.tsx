import { useId, type ComponentProps } from 'react';
import { cx } from '../../../lib/class-names';

type IncomeSelectProps = ComponentProps<'select'> & { label: string; error?: string | undefined };

/** A labelled native select: the platform's own picker, usable by keyboard and on phones. */
export function IncomeSelect({
  label,
  error,
  id,
  className,
  children,
  ...props
}: IncomeSelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(
          'block w-full rounded-lg border bg-slate-950/60 px-3 py-2.5 text-slate-100 focus:border-indigo-400',
          error ? 'border-red-400' : 'border-slate-600',
        )}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
