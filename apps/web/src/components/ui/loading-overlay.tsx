import { useEffect } from 'react';

/**
 * Covers the page while the code of a modal or drawer is on its way. Whatever opened it keeps
 * the keyboard focus until the modal takes it, and Escape gives up waiting, as it would close it.
 */
export function LoadingOverlay({ onCancel }: { onCancel: () => void }) {
  useEffect(() => {
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', cancelOnEscape);
    return () => document.removeEventListener('keydown', cancelOnEscape);
  }, [onCancel]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 backdrop-blur-sm motion-safe:animate-fade-in">
      <p
        role="status"
        className="rounded-xl border border-slate-700 bg-slate-900 px-5 py-3 text-sm text-slate-200"
      >
        Loading...
      </p>
    </div>
  );
}
