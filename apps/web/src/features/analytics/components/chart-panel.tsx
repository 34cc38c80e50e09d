import { useId, type ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';

type ChartPanelProps = {
  title: string;
  /** The chart in one sentence, for those who cannot see it. */
  summary: string | undefined;
  /** Said under the chart when there is nothing (yet) to draw, or it could not be loaded. */
  note: string | undefined;
  loading: boolean;
  className?: string;
  children: ReactNode;
};

/** The height of every chart, the same as its placeholder's (h-72), so nothing jumps. */
export const CHART_HEIGHT = 288;

/** A titled chart with its loading placeholder and, when the data is empty, a short note. */
export function ChartPanel({
  title,
  summary,
  note,
  loading,
  className,
  children,
}: ChartPanelProps) {
  const captionId = useId();
  return (
    <figure
      aria-labelledby={captionId}
      className={cx('min-w-0 rounded-2xl border border-slate-800 bg-slate-900/60 p-6', className)}
    >
      <figcaption id={captionId} className="text-lg font-semibold text-white">
        {title}
      </figcaption>
      {summary ? <p className="sr-only">{summary}</p> : null}
      <div className="mt-4">{loading ? <Skeleton className="h-72 w-full" /> : children}</div>
      {note ? <p className="mt-2 text-center text-sm text-slate-400">{note}</p> : null}
    </figure>
  );
}
