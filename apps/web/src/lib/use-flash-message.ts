import { useCallback, useEffect, useState } from 'react';

export type FlashTone = 'success' | 'error';

export type FlashMessage = { text: string; tone: FlashTone };

/**
 * A short message that goes away on its own after `durationMs`. Showing one again, even the same
 * text, starts the time afresh, so a second copy is acknowledged for as long as the first.
 */
export function useFlashMessage(durationMs: number) {
  const [message, setMessage] = useState<FlashMessage | null>(null);

  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);

  const flash = useCallback(
    (text: string, tone: FlashTone = 'success') => setMessage({ text, tone }),
    [],
  );
  return { message, flash };
}
