import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsMade, listReply, stubApi } from '../../test/fetch-stub';
import { makeBlog, makeGame } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe('home page', () => {
  it('shows the first 4 games, the stats and the latest 3 posts', async () => {
    const fetchMock = stubApi(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url.pathname === '/api/games') {
        return listReply(
          [1, 2, 3, 4].map((id) => makeGame(id)),
          37,
        );
      }
      if (url.pathname === '/api/blogs') {
        return listReply(
          [9, 8, 7].map((id) => makeBlog(id)),
          12,
        );
      }
      return undefined;
    });
    renderApp('/');

    const games = await section('Popular Web 3 Games');
    expect(await games.findByRole('link', { name: /Game 1/ })).toHaveAttribute(
      'href',
      'https://game1.example.com',
    );
    expect(games.getAllByRole('listitem')).toHaveLength(4);
    expect(games.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/games');

    const stats = await section('The Numbers Speak For Themselves');
    const figures = Object.fromEntries(
      stats
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ 'Total Players': '55', 'Total Games': '37', 'Games Played': '10' });

    const blogs = await section('Latest Updates and Insights');
    expect(await blogs.findByRole('link', { name: 'Post 9' })).toHaveAttribute('href', '/blogs/9');
    expect(blogs.getAllByRole('article')).toHaveLength(3);
    expect(blogs.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/blogs');

    expect(callsMade(fetchMock)).toEqual(
      expect.arrayContaining(['GET /api/games?limit=4', 'GET /api/blogs?limit=3']),
    );
  });

  it('counts no games when there are none', async () => {
    renderApp('/');
    const stats = await section('The Numbers Speak For Themselves');
    const totalGames = stats.getByText('Total Games').nextElementSibling;
    await expect.poll(() => totalGames?.textContent).toBe('0');
  });
});
