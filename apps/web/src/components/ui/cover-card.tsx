import { Skeleton } from './skeleton';

/** Where a card with a cover picture sits on its page. */
export type CoverCardPlacement = {
  /** The level below the heading of the section the card sits in. */
  headingLevel?: 'h2' | 'h3';
  /** Eager for the cards at the top of a page, whose pictures are on screen at once. */
  imageLoading?: 'lazy' | 'eager';
};

/**
 * Holds the place of a card with a cover picture, at its size, while the list loads: the picture,
 * then a bar for each line of text, `lines` giving each bar's height and width classes.
 */
export function CoverCardSkeleton({ lines }: { lines: readonly string[] }) {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60"
    >
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-5">
        {lines.map((size, index) => (
          <Skeleton key={index} className={size} />
        ))}
      </div>
    </div>
  );
}
