import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CardGrid } from '../../../components/ui/card-grid';
import { Page } from '../../../components/ui/page';
import { SearchField } from '../../../components/ui/search-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { gamesBrowseQuery } from '../api/get-games';
import { GameCard, GameCardSkeleton } from './game-card';

/** The /games screen: the search, and the grid of cards with its loading and empty states. */
export function GamesBrowser() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // The last results stay on screen while the next search runs, so the grid does not flash.
  const games = useInfiniteQuery({ ...gamesBrowseQuery(q), placeholderData: keepPreviousData });

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
        <CardGrid
          query={games}
          items={games.data?.pages.flatMap((page) => page.items)}
          itemKey={(game) => game.id}
          renderCard={(game, imageLoading) => (
            <GameCard game={game} headingLevel="h2" imageLoading={imageLoading} />
          )}
          columns={4}
          skeleton={<GameCardSkeleton />}
          placeholders={8}
          emptyText={q ? 'No games found matching your search.' : 'No games have been added yet.'}
        />
      </div>
    </Page>
  );
}
