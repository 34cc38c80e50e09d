import { Gamepad2Icon, TrophyIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';

/** SPEC 9: the player and play counts are fixed figures, not measured ones. */
const TOTAL_PLAYERS = 55;
const GAMES_PLAYED = 10;

type StatsSectionProps = {
  /** Undefined while the count is on its way. */
  totalGames: number | undefined;
};

export function StatsSection({ totalGames }: StatsSectionProps) {
  const stats: Array<{ label: string; value: number | undefined; Icon: LucideIcon }> = [
    { label: 'Total Players', value: TOTAL_PLAYERS, Icon: UsersIcon },
    { label: 'Total Games', value: totalGames, Icon: Gamepad2Icon },
    { label: 'Games Played', value: GAMES_PLAYED, Icon: TrophyIcon },
  ];
  return (
    <section
      aria-labelledby="stats-heading"
      className="rounded-3xl border border-slate-800 bg-gradient-to-br from-indigo-950/60 via-slate-900/60 to-fuchsia-950/40 px-6 py-12 sm:px-10"
    >
      <h2 id="stats-heading" className="text-center text-2xl font-bold text-white sm:text-3xl">
        The Numbers Speak For Themselves
      </h2>
      <dl className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-3">
        {stats.map(({ label, value, Icon }) => (
          <div
            key={label}
            className="flex flex-col items-center rounded-2xl bg-slate-950/50 p-6 text-center"
          >
            <dt className="flex flex-col items-center gap-3 text-sm font-medium tracking-wide text-slate-300 uppercase">
              <Icon aria-hidden="true" className="size-8 text-indigo-300" />
              {label}
            </dt>
            <dd className="mt-2 flex h-12 items-center text-4xl font-extrabold text-white">
              {value === undefined ? (
                <>
                  <Skeleton className="h-10 w-16" />
                  <span className="sr-only">Loading</span>
                </>
              ) : (
                value.toLocaleString('en-US')
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
