import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Button } from './button';

/** Grid classes by the widest row's card count (whole strings, so Tailwind sees them). */
const COLUMNS = {
  3: 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** What the grid needs of an infinite query (TanStack Query's useInfiniteQuery answers it). */
type GridQuery = {
  isPending: boolean;
  isPlaceholderData?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type CardGridProps<T> = {
  query: GridQuery;
  /** The cards loaded so far; undefined until the first page is read. */
  items: readonly T[] | undefined;
  itemKey: (item: T) => string | number;
  /** The card of an item; the first row's pictures load at once, the rest as they scroll in. */
  renderCard: (item: T, imageLoading: 'eager' | 'lazy') => ReactNode;
  /** The widest row's card count: the first row is on screen as the page opens. */
  columns: keyof typeof COLUMNS;
  skeleton: ReactNode;
  placeholders: number;
  emptyText: string;
};

/**
 * A public grid of cards (the games, the blog posts): placeholders while the first page loads,
 * the empty text, the cards (dimmed while a new search replaces them) and Load more.
 */
export function CardGrid<T>(props: CardGridProps<T>) {
  const { query, items, columns } = props;
  const dimmed = query.isPlaceholderData === true;
  return (
    <>
      {query.isPending ? (
        <ul aria-busy="true" className={COLUMNS[columns]}>
          {Array.from({ length: props.placeholders }, (_, index) => (
            <li key={`placeholder-${index}`}>{props.skeleton}</li>
          ))}
        </ul>
      ) : items === undefined ? null : items.length === 0 ? (
        <p role="status" className="py-16 text-center text-lg text-slate-300">
          {props.emptyText}
        </p>
      ) : (
        <ul
          aria-busy={dimmed}
          className={cx(COLUMNS[columns], 'transition-opacity', dimmed && 'opacity-60')}
        >
          {items.map((item, index) => (
            <li key={props.itemKey(item)}>
              {props.renderCard(item, index < columns ? 'eager' : 'lazy')}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="mt-10 flex justify-center">
          <Button
            variant="secondary"
            className="px-6 py-2.5"
            disabled={query.isFetchingNextPage || dimmed}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
