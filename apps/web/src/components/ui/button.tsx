import type { ComponentProps } from 'react';
import { cx } from '../../lib/class-names';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white shadow-lg shadow-indigo-950/40 hover:bg-indigo-500',
  secondary: 'border border-slate-600 bg-slate-900/60 text-slate-100 hover:bg-slate-800',
  ghost: 'text-slate-200 hover:bg-white/10 hover:text-white',
};

/** Shared by buttons and by links that look like buttons. */
export function buttonStyles(variant: ButtonVariant = 'primary', className?: string): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    variantClasses[variant],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant };

export function Button({ variant, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles(variant, className)} {...props} />;
}
