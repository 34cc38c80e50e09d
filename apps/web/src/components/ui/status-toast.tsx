import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import type { FlashMessage } from '../../lib/use-flash-message';
import { cx } from '../../lib/class-names';

/**
 * A message at the bottom of the screen that confirms an action. The live region is always in the
 * page, empty between messages, so screen readers announce each message as it appears.
 */
export function StatusToast({ message }: { message: FlashMessage | null }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {message ? (
        <p
          className={cx(
            'flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-lg shadow-black/40 motion-safe:animate-fade-in',
            message.tone === 'success' ? 'bg-emerald-600' : 'bg-red-600',
          )}
        >
          {message.tone === 'success' ? (
            <CheckCircle2Icon aria-hidden="true" className="size-4" />
          ) : (
            <CircleAlertIcon aria-hidden="true" className="size-4" />
          )}
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
