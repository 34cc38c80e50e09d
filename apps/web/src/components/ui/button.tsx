import type { ComponentProps } from 'react';
import { cx } from '../../lib/class-names';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'ghost-danger';
type ButtonSize = 'md' | 'sm';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white shadow-lg shadow-indigo-950/40 hover:bg-indigo-500',
  secondary: 'border border-slate-600 bg-slate-900/60 text-slate-100 hover:bg-slate-800',
  ghost: 'text-slate-200 hover:bg-white/10 hover:text-white',
  danger: 'bg-red-600 text-white shadow-lg shadow-red-950/40 hover:bg-red-500',
  'ghost-danger': 'text-red-400 hover:bg-red-500/10 hover:text-red-300',
};

// Tailwind orders spacing utilities by size, so a smaller padding passed in className could not
// override the default one; the compact size is therefore a size of its own.
const sizeClasses: Record<ButtonSize, string> = {
  md: 'px-4 py-2 text-sm',
  sm: 'px-2.5 py-1.5 text-xs',
};

/** Shared by buttons and by links that look like buttons. */
export function buttonStyles(
  variant: ButtonVariant = 'primary',
  className?: string,
  size: ButtonSize = 'md',
): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    sizeClasses[size],
    variantClasses[variant],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles(variant, className, size)} {...props} />;
}
