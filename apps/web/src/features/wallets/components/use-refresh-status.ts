import type { TPortfolioResponse } from '@nexusplay/contract/portfolio';
import { useCallback, useEffect, useState } from 'react';
import { refreshText } from './portfolio-format';

/** How long a Refresh's answer is said at most, when it names no next check. */
const SHOWN_MS = 10_000;

/**
 * What the last Refresh found, said until the node is next asked (then a Refresh would read
 * again and the words would no longer hold). A Refresh inside the balance window answers the same
 * amounts: without this it would look as if the button did nothing.
 */
export function useRefreshStatus() {
  const [status, setStatus] = useState<{ text: string; until: number } | null>(null);

  useEffect(() => {
    if (status === null) return;
    const timer = setTimeout(() => setStatus(null), Math.max(0, status.until - Date.now()));
    return () => clearTimeout(timer);
  }, [status]);

  const show = useCallback((portfolio: TPortfolioResponse) => {
    const now = Date.now();
    const text = refreshText(portfolio, now);
    const nextCheck = portfolio.next_check ? Date.parse(portfolio.next_check) : NaN;
    const until = Number.isNaN(nextCheck) ? now + SHOWN_MS : Math.max(nextCheck, now + 1_000);
    setStatus(text === null ? null : { text, until });
  }, []);

  return { text: status?.text ?? null, show };
}
