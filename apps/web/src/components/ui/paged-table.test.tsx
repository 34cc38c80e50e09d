import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Column } from './data-table';
import { PagedTable } from './paged-table';

type Fruit = { name: string; price: number };

const FRUITS: Fruit[] = [
  { name: 'Apple', price: 3 },
  { name: 'Pear', price: 5 },
];

function columns(onSort = () => {}, direction?: 'ascending' | 'descending'): Column<Fruit>[] {
  return [
    { header: 'Name', rowHeader: true, cell: (fruit) => fruit.name },
    { header: 'Price', cell: (fruit) => fruit.price, sort: { direction, onSort } },
  ];
}

const EMPTY = { none: 'No fruit yet.', failed: 'The fruit could not be loaded.' };

describe('PagedTable given a whole list', () => {
  it('shows every row, named by its header cell, with no search box or pager', () => {
    render(
      <PagedTable
        caption="Fruit"
        columns={columns()}
        rows={FRUITS}
        rowKey={(fruit) => fruit.name}
        emptyText={EMPTY}
      />,
    );
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(within(table).getByRole('rowheader', { name: 'Pear' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Apple 3' })).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('holds the places while the list is on its way, then says why it has no rows', () => {
    const table = (rows: Fruit[] | undefined, failed = false) => (
      <PagedTable
        caption="Fruit"
        columns={columns()}
        rows={rows}
        failed={failed}
        rowKey={(fruit) => fruit.name}
        emptyText={EMPTY}
      />
    );
    const { rerender } = render(table(undefined));
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(table([]));
    expect(screen.getByRole('cell', { name: 'No fruit yet.' })).toBeInTheDocument();
    rerender(table(undefined, true));
    expect(
      screen.getByRole('cell', { name: 'The fruit could not be loaded.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('sorts through a header button that says how its column is ordered', async () => {
    const onSort = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <PagedTable
        caption="Fruit"
        columns={columns(onSort)}
        rows={FRUITS}
        rowKey={(fruit) => fruit.name}
        emptyText={EMPTY}
      />,
    );
    const price = screen.getByRole('columnheader', { name: 'Price' });
    expect(price).not.toHaveAttribute('aria-sort');
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(within(name).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(price).getByRole('button', { name: 'Price' }));
    expect(onSort).toHaveBeenCalledOnce();

    rerender(
      <PagedTable
        caption="Fruit"
        columns={columns(onSort, 'descending')}
        rows={FRUITS}
        rowKey={(fruit) => fruit.name}
        emptyText={EMPTY}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('marks the row being worked on as current', () => {
    render(
      <PagedTable
        caption="Fruit"
        columns={columns()}
        rows={FRUITS}
        rowKey={(fruit) => fruit.name}
        rowCurrent={(fruit) => fruit.name === 'Pear'}
        emptyText={EMPTY}
      />,
    );
    expect(screen.getByRole('row', { name: /^Pear/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('row', { name: /^Apple/ })).not.toHaveAttribute('aria-current');
  });
});
