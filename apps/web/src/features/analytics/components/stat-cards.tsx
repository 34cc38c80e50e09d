import type { TStatsResponse } from '@nexusplay/contract/stats';
import {
  CalendarDaysIcon,
  CalendarRangeIcon,
  EyeIcon,
  Gamepad2Icon,
  NewspaperIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';

type Stats = TStatsResponse['stats'];

const CARDS: { key: keyof Stats; label: string; Icon: LucideIcon }[] = [
  { key: 'users', label: 'Users', Icon: UsersIcon },
  { key: 'articles', label: 'Articles', Icon: NewspaperIcon },
  { key: 'games', label: 'Games', Icon: Gamepad2Icon },
  { key: 'visitorsToday', label: 'Visitors Today', Icon: EyeIcon },
  { key: 'visitorsThisWeek', label: 'Visitors This Week', Icon: CalendarDaysIcon },
  { key: 'visitorsThisMonth', label: 'Visitors This Month', Icon: CalendarRangeIcon },
];

const count = new Intl.NumberFormat('en-US');

type StatCardsProps = {
  /** Undefined while loading, or when the figures could not be loaded. */
  stats: Stats | undefined;
  failedToLoad: boolean;
};

/** The six headline figures; a figure that is not known shows a dash, never a false zero. */
export function StatCards({ stats, failedToLoad }: StatCardsProps) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CARDS.map(({ key, label, Icon }) => (
        // A description list holds only terms and descriptions, so the icon sits inside the term,
        // placed at the card's left edge, and the figure is shown above its label.
        <div
          key={key}
          className="relative flex flex-col-reverse justify-center rounded-2xl border border-slate-800 bg-slate-900/60 py-5 pr-5 pl-21"
        >
          <dt className="text-sm text-slate-400">
            <span className="absolute top-1/2 left-5 flex size-12 -translate-y-1/2 items-center justify-center rounded-xl bg-indigo-500/15 text-indigo-300">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            {label}
          </dt>
          <dd className="text-2xl font-bold text-white tabular-nums">
            {stats ? (
              count.format(stats[key])
            ) : failedToLoad ? (
              '—'
            ) : (
              <>
                <span className="sr-only">Loading</span>
                <Skeleton className="my-1 h-6 w-16" />
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
