import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsMade, listReply, stubApi } from '../../../test/fetch-stub';
import { makeGame } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const ALL_GAMES = [
  makeGame(1, { name: 'Axie Infinity' }),
  makeGame(2, { name: 'Pixels' }),
  makeGame(3, { name: 'Big Time' }),
];

/** A server that searches names case-insensitively, like the real one. */
function stubGamesServer() {
  return stubApi(({ method, url }) => {
    if (method !== 'GET' || url.pathname !== '/api/games') return undefined;
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    return listReply(ALL_GAMES.filter((game) => game.name.toLowerCase().includes(q)));
  });
}

function gameSearches(fetchMock: ReturnType<typeof stubApi>) {
  return callsMade(fetchMock).filter((call) => call.startsWith('GET /api/games'));
}

describe('games page', () => {
  it('lists the games under its heading, each opening the game in a new tab', async () => {
    stubGamesServer();
    renderApp('/games');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Explore Our Games' }),
    ).toBeVisible();
    const card = await screen.findByRole('link', { name: /Axie Infinity/ });
    expect(card).toHaveAttribute('href', 'https://game1.example.com');
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByText('Web3 Game')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('asks the server once the typing pauses, and shows what it found', async () => {
    const fetchMock = stubGamesServer();
    const { user } = renderApp('/games');
    await screen.findByRole('link', { name: /Pixels/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search for a game' }), 'PIX');
    expect(screen.getByPlaceholderText('Search for a game...')).toHaveValue('PIX');

    await expect.poll(() => screen.queryByRole('link', { name: /Axie Infinity/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Pixels/ })).toBeInTheDocument();
    // One request for the whole word, none for the letters typed on the way.
    expect(gameSearches(fetchMock)).toEqual([
      'GET /api/games?limit=24&offset=0',
      'GET /api/games?q=PIX&limit=24&offset=0',
    ]);
  });

  it('says so when no game matches', async () => {
    stubGamesServer();
    const { user } = renderApp('/games');
    await screen.findByRole('link', { name: /Pixels/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search for a game' }), 'zelda');
    expect(await screen.findByText('No games found matching your search.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pixels/ })).not.toBeInTheDocument();
  });

  it('loads 24 games at a time while more exist', async () => {
    const many = Array.from({ length: 30 }, (_, index) => makeGame(index + 1));
    stubApi(({ method, url }) => {
      if (method !== 'GET' || url.pathname !== '/api/games') return undefined;
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return listReply(many.slice(offset, offset + limit), many.length);
    });
    const { user } = renderApp('/games');
    expect(await screen.findByRole('link', { name: /Game 24\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Game 25\b/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Game 30\b/ })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
