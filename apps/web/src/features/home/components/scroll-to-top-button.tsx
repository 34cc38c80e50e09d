import { ArrowUpIcon } from 'lucide-react';
import { useScrolledPast } from '../../../lib/use-scrolled-past';

const SHOW_AFTER_PX = 300;

export function ScrollToTopButton() {
  const visible = useScrolledPast(SHOW_AFTER_PX);
  if (!visible) return null;

  const scrollToTop = () => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  return (
    <button
      type="button"
      onClick={scrollToTop}
      aria-label="Scroll to top"
      className="fixed right-6 bottom-6 z-30 flex size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg shadow-black/40 transition-colors hover:bg-indigo-500"
    >
      <ArrowUpIcon className="size-5" />
    </button>
  );
}
