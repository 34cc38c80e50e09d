import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { SearchField } from '../../../components/ui/search-field';
import { cx } from '../../../lib/class-names';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { gamesBrowseQuery } from '../api/get-games';
import { GameCard, GameCardSkeleton } from './game-card';

/** The widest grid shows four cards a row; the first row is on screen as the page opens. */
const FIRST_ROW = 4;

/** The /games screen: its grid of cards, loading and empty states, and Load more. */
export function GamesBrowser() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // The last results stay on screen while the next search runs, so the grid does not flash.
  const games = useInfiniteQuery({ ...gamesBrowseQuery(q), placeholderData: keepPreviousData });
  const items = games.data?.pages.flatMap((page) => page.items);

  return (
    <Page
      title="Explore Our Games"
      description="Browse the Web3 games our community plays, from strategy to farming adventures."
    >
      <SearchField
        label="Search for a game"
        placeholder="Search for a game..."
        value={search}
        onValueChange={setSearch}
        className="mt-10 max-w-md"
      />
      <div className="mt-10">
        {games.isPending ? (
          <ul aria-busy="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, index) => (
              <li key={`placeholder-${index}`}>
                <GameCardSkeleton />
              </li>
            ))}
          </ul>
        ) : items === undefined ? null : items.length === 0 ? (
          <p role="status" className="py-16 text-center text-lg text-slate-300">
            {q ? 'No games found matching your search.' : 'No games have been added yet.'}
          </p>
        ) : (
          <ul
            aria-busy={games.isPlaceholderData}
            className={cx(
              'grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-4',
              games.isPlaceholderData && 'opacity-60',
            )}
          >
            {items.map((game, index) => (
              <li key={game.id}>
                <GameCard
                  game={game}
                  headingLevel="h2"
                  imageLoading={index < FIRST_ROW ? 'eager' : 'lazy'}
                />
              </li>
            ))}
          </ul>
        )}
        {games.hasNextPage ? (
          <div className="mt-10 flex justify-center">
            <Button
              variant="secondary"
              className="px-6 py-2.5"
              disabled={games.isFetchingNextPage || games.isPlaceholderData}
              onClick={() => void games.fetchNextPage()}
            >
              {games.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
