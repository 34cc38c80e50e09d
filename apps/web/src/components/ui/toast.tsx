import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { cx } from '../../lib/class-names';

/** How long a save or delete confirmation stays on screen, unless its caller says otherwise. */
export const TOAST_DURATION_MS = 5000;

type ToastTone = 'success' | 'error';

type ToastOptions = {
  /** How long this message stays on screen; a confirmation the spec times (a copy: 3 s) says so. */
  durationMs?: number;
};

type Toast = {
  success: (text: string, options?: ToastOptions) => void;
  error: (text: string, options?: ToastOptions) => void;
};

type ToastMessage = { text: string; tone: ToastTone; durationMs: number };

const ToastContext = createContext<Toast | null>(null);

/**
 * The one place that confirms a save, a delete or a copy. Its live region is always in the page,
 * empty between messages, so screen readers announce each message as it appears; it carries no
 * role so that it never competes with the status lines forms keep of their own.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ToastMessage | null>(null);

  // A new message, even the same text again, is a new object: its time starts afresh, so a second
  // copy is acknowledged for as long as the first.
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), message.durationMs);
    return () => clearTimeout(timer);
  }, [message]);

  const show = useCallback(
    (text: string, tone: ToastTone, options: ToastOptions | undefined) =>
      setMessage({ text, tone, durationMs: options?.durationMs ?? TOAST_DURATION_MS }),
    [],
  );
  const toast = useMemo<Toast>(
    () => ({
      success: (text, options) => show(text, 'success', options),
      error: (text, options) => show(text, 'error', options),
    }),
    [show],
  );
  return (
    <ToastContext value={toast}>
      {children}
      <div
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4"
      >
        {message ? <ToastText text={message.text} tone={message.tone} /> : null}
      </div>
    </ToastContext>
  );
}

function ToastText({ text, tone }: { text: string; tone: ToastTone }) {
  return (
    <p
      className={cx(
        'flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-lg shadow-black/40 motion-safe:animate-fade-in',
        tone === 'success' ? 'bg-emerald-700' : 'bg-red-600',
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

/** Confirms a save, delete or copy with the app's one toast. */
export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs the ToastProvider (AppProviders) above it.');
  return toast;
}
