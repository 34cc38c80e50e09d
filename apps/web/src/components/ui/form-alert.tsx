import type { ReactNode } from 'react';

/** The red message above a form that explains why the last submission failed. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2.5 text-sm text-red-300"
    >
      {children}
    </div>
  );
}
