import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from './button';

type PaginationProps = {
  offset: number;
  limit: number;
  /** Rows on the current page. */
  shown: number;
  /** Rows that match in all. */
  total: number;
  /** `total` is only what the server counted so far: it shows as "120+". */
  totalIsLowerBound?: boolean | undefined;
  onOffsetChange: (offset: number) => void;
  /** What is being paged through, for assistive technology: "Games pages". */
  label: string;
};

export function Pagination({
  offset,
  limit,
  shown,
  total,
  totalIsLowerBound = false,
  onOffsetChange,
  label,
}: PaginationProps) {
  const first = shown === 0 ? 0 : offset + 1;
  const last = offset + shown;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" className="text-slate-300">
        Showing {first}–{last} of {totalIsLowerBound ? `${total}+` : total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          <ChevronLeftIcon aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button
          variant="secondary"
          disabled={offset + limit >= total}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
