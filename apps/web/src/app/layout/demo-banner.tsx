import { getDemoNotice } from '../../lib/site';

/**
 * On a server started with DEMO_MODE (`npm run demo`), every page says that its chain and prices
 * are local stand-ins, so that no figure is taken for a real one. A strip along the bottom of
 * the window, clear of the fixed header, that lets clicks through to what is under it.
 */
export function DemoBanner() {
  const notice = getDemoNotice();
  if (!notice) return null;
  return (
    <p
      role="note"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 bg-amber-400/95 px-4 py-1 text-center text-sm font-semibold text-slate-950"
    >
      {notice}
    </p>
  );
}
