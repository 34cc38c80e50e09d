import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { useFlashMessage, type FlashTone } from '../../lib/use-flash-message';

/** How long a save or delete confirmation stays on screen. */
export const TOAST_DURATION_MS = 5000;

type Toast = {
  success: (text: string) => void;
  error: (text: string) => void;
};

const ToastContext = createContext<Toast | null>(null);

/**
 * The one place that confirms a save or a delete. Its live region is always in the page, empty
 * between messages, so screen readers announce each message as it appears; it carries no role so
 * that it never competes with the status lines forms keep of their own.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { message, flash } = useFlashMessage(TOAST_DURATION_MS);
  const toast = useMemo<Toast>(
    () => ({
      success: (text) => flash(text, 'success'),
      error: (text) => flash(text, 'error'),
    }),
    [flash],
  );
  return (
    <ToastContext value={toast}>
      {children}
      <div
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
      >
        {message ? <ToastMessage text={message.text} tone={message.tone} /> : null}
      </div>
    </ToastContext>
  );
}

function ToastMessage({ text, tone }: { text: string; tone: FlashTone }) {
  return (
    <p
      className={cx(
        'flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-lg shadow-black/40 motion-safe:animate-fade-in',
        tone === 'success' ? 'bg-emerald-600' : 'bg-red-600',
      )}
    >
      {tone === 'success' ? (
        <CheckCircle2Icon aria-hidden="true" className="size-4" />
      ) : (
        <CircleAlertIcon aria-hidden="true" className="size-4" />
      )}
      {text}
    </p>
  );
}

/** Confirms a save or delete with the app's one toast. */
export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs the ToastProvider (AppProviders) above it.');
  return toast;
}
