import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardGrid } from './card-grid';

type Card = { id: number; name: string };

const CARDS: Card[] = [1, 2, 3, 4, 5].map((id) => ({ id, name: `Card ${id}` }));

function grid(query: Partial<Parameters<typeof CardGrid<Card>>[0]['query']>, items?: Card[]) {
  return (
    <CardGrid<Card>
      query={{
        isPending: false,
        hasNextPage: false,
        isFetchingNextPage: false,
        fetchNextPage: () => Promise.resolve(),
        ...query,
      }}
      items={items}
      itemKey={(card) => card.id}
      renderCard={(card, imageLoading) => (
        <article>
          {card.name} ({imageLoading})
        </article>
      )}
      columns={4}
      skeleton={<span>placeholder</span>}
      placeholders={3}
      emptyText="Nothing here yet."
    />
  );
}

describe('CardGrid', () => {
  it('shows a busy list of placeholders while the first page loads', () => {
    render(grid({ isPending: true }));
    const list = screen.getByRole('list');
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getAllByText('placeholder')).toHaveLength(3);
  });

  it('says so when there is nothing', () => {
    render(grid({}, []));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing here yet.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('loads the first row’s pictures at once and the rest lazily', () => {
    render(grid({}, CARDS));
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Card 1 (eager)',
      'Card 2 (eager)',
      'Card 3 (eager)',
      'Card 4 (eager)',
      'Card 5 (lazy)',
    ]);
  });

  it('reads the next page on Load more, and holds the button while it loads', async () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const { rerender } = render(grid({ hasNextPage: true, fetchNextPage }, CARDS));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(grid({ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }, CARDS));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it('dims the old cards while a new search replaces them, and offers no Load more then', () => {
    render(grid({ hasNextPage: true, isPlaceholderData: true }, CARDS));
    const list = screen.getByRole('list');
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(list.className).toContain('opacity-60');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
  });

  it('offers no Load more after the last page', () => {
    render(grid({}, CARDS));
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });
});
