import { PATH_MAX } from '@nexusplay/contract/wire-constants';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const VISITS_URL = '/api/visits';

/**
 * Counting is best effort: a lost report costs one page view in the statistics, so nothing waits
 * for it and a failure is not worth a word in the console.
 */
function reportPageView(path: string) {
  const body = JSON.stringify({ path });
  try {
    if (navigator.sendBeacon?.(VISITS_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon; the request below carries it instead.
  }
  fetch(VISITS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => {});
}

/**
 * Reports each page view (the path only) for the visitor statistics. Used by the public layout,
 * so the admin area, /login and /register are never reported.
 */
export function useReportPageViews() {
  const { pathname } = useLocation();
  // Development's strict mode runs effects twice; one view must still count once.
  const lastReported = useRef<string | null>(null);
  useEffect(() => {
    if (lastReported.current === pathname || pathname.length > PATH_MAX) return;
    lastReported.current = pathname;
    reportPageView(pathname);
  }, [pathname]);
}
