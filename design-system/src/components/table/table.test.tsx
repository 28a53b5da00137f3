import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table, nextTableSort } from './table';
import type { TableColumn, TableSort } from './table';

type Row = { id: string; name: string; city: string; body: string };
const rows: Row[] = [
  { id: '1', name: 'Smoke Fest', city: 'Lynchburg', body: 'KCBS' },
  { id: '2', name: 'Pig Out', city: 'Memphis', body: 'MBN' },
];
const columns: TableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
  { id: 'city', header: 'City', cell: (r) => r.city, hideBelow: 'sm' },
  { id: 'body', header: 'Body', cell: (r) => r.body, hideBelow: 'md' },
];

describe('Table', () => {
  it('puts the hideBelow class on the header and on every cell of that column, and only there', () => {
    render(<Table columns={columns} rows={rows} getRowKey={(r) => r.id} caption="Cook-offs" />);
    const table = screen.getByRole('table', { name: 'Cook-offs' });
    expect(within(table).getByRole('columnheader', { name: 'City' })).toHaveClass('pc-hide-below-sm');
    expect(within(table).getByRole('columnheader', { name: 'Body' })).toHaveClass('pc-hide-below-md');
    expect(within(table).getByRole('columnheader', { name: 'Name' }).className).not.toMatch(/pc-hide-below/);
    for (const city of ['Lynchburg', 'Memphis']) {
      expect(within(table).getByRole('cell', { name: city })).toHaveClass('pc-hide-below-sm');
    }
    for (const body of ['KCBS', 'MBN']) {
      expect(within(table).getByRole('cell', { name: body })).toHaveClass('pc-hide-below-md');
    }
    expect(within(table).getByRole('rowheader', { name: 'Pig Out' }).className).not.toMatch(/pc-hide-below/);
  });

  it('renders the empty slot across all columns when there are no rows', () => {
    render(<Table columns={columns} rows={[]} getRowKey={(r) => r.id} empty="No cook-offs yet." />);
    const cell = screen.getByRole('cell', { name: 'No cook-offs yet.' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('renders one row per item with the cell renderer output', () => {
    render(<Table columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => r.textContent)).toEqual(['Smoke FestLynchburgKCBS', 'Pig OutMemphisMBN']);
  });

  it('labels every cell with its column for the stacked (card) layout: label, else a text header', () => {
    const labelled: TableColumn<Row>[] = [
      ...columns,
      { id: 'logo', header: <b>Logo</b>, label: 'Team logo', cell: () => 'L' },
      { id: 'actions', header: 'Actions', hideHeader: true, cell: () => 'A' },
    ];
    render(
      <Table
        columns={labelled}
        rows={rows.slice(0, 1)}
        getRowKey={(r) => r.id}
        stackBelow="sm"
        caption="T"
      />,
    );
    const table = screen.getByRole('table', { name: 'T' });
    expect(table).toHaveClass('pc-table--stack-below-sm');
    expect(within(table).getByRole('rowheader', { name: 'Smoke Fest' })).toHaveAttribute(
      'data-label',
      'Name',
    );
    expect(within(table).getByRole('cell', { name: 'Lynchburg' })).toHaveAttribute('data-label', 'City');
    expect(within(table).getByRole('cell', { name: 'L' })).toHaveAttribute('data-label', 'Team logo');
    expect(within(table).getByRole('cell', { name: 'A' })).not.toHaveAttribute('data-label');
  });

  it('keeps the plain table layout when stackBelow is not set', () => {
    render(<Table columns={columns} rows={rows} getRowKey={(r) => r.id} caption="T" />);
    expect(screen.getByRole('table', { name: 'T' }).className).not.toMatch(/stack-below/);
  });

  it('shows a full-width details row under the rows rowDetails gives one for, and none under the others', () => {
    render(
      <Table
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        caption="T"
        rowDetails={(r) => (r.id === '2' ? <p>Details of {r.name}</p> : null)}
      />,
    );
    const bodyRows = within(screen.getByRole('table', { name: 'T' }))
      .getAllByRole('row')
      .slice(1);
    expect(bodyRows.map((r) => r.textContent)).toEqual([
      'Smoke FestLynchburgKCBS',
      'Pig OutMemphisMBN',
      'Details of Pig Out',
    ]);
    expect(within(bodyRows[2]!).getByRole('cell')).toHaveAttribute('colspan', '3');
  });
});

describe('Table: sortable headers', () => {
  const sortable: TableColumn<Row>[] = [
    { id: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true, sortKey: 'name' },
    { id: 'city', header: 'City', cell: (r) => r.city, sortKey: 'city' },
    { id: 'body', header: 'Body', cell: (r) => r.body },
  ];

  /** Sorts the rows itself, as a caller of the table does (here in memory, in an app on the server). */
  function SortedTable({ onSort }: { onSort?: (sort: TableSort) => void }) {
    const [sort, setSort] = useState<TableSort>({ column: 'name', direction: 'asc' });
    const sorted = [...rows].sort((a, b) => {
      const key = sort.column as 'name' | 'city';
      const order = a[key].localeCompare(b[key]);
      return sort.direction === 'asc' ? order : -order;
    });
    return (
      <Table
        columns={sortable}
        rows={sorted}
        getRowKey={(r) => r.id}
        caption="T"
        stackBelow="md"
        sort={sort}
        onSortChange={(next) => {
          onSort?.(next);
          setSort(next);
        }}
      />
    );
  }

  const names = () =>
    within(screen.getByRole('table', { name: 'T' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);

  it('puts a button named by the header in each sortable header, aria-sort only on the sorted one', () => {
    render(<SortedTable />);
    const table = screen.getByRole('table', { name: 'T' });
    expect(table).toHaveClass('pc-table--sortable');
    const name = within(table).getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(within(name).getByRole('button', { name: 'Name' })).toBeInTheDocument();
    const city = within(table).getByRole('columnheader', { name: 'City' });
    expect(city).not.toHaveAttribute('aria-sort');
    expect(within(city).getByRole('button', { name: 'City' })).toBeInTheDocument();
    const body = within(table).getByRole('columnheader', { name: 'Body' });
    expect(within(body).queryByRole('button')).toBeNull();
    expect(body.textContent).toBe('Body');
  });

  it('a click sorts by that column ascending, a second click reverses it', async () => {
    const user = userEvent.setup();
    const asked = vi.fn();
    render(<SortedTable onSort={asked} />);
    await user.click(screen.getByRole('button', { name: 'City' }));
    expect(asked).toHaveBeenLastCalledWith({ column: 'city', direction: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'City' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Smoke Fest', 'Pig Out']);
    await user.click(screen.getByRole('button', { name: 'City' }));
    expect(asked).toHaveBeenLastCalledWith({ column: 'city', direction: 'desc' });
    expect(screen.getByRole('columnheader', { name: 'City' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Pig Out', 'Smoke Fest']);
  });

  it('is usable from the keyboard: Tab reaches the header buttons, Enter and Space sort', async () => {
    const user = userEvent.setup();
    render(<SortedTable />);
    await user.tab(); // the scrolling region
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: 'City' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('without onSortChange no header is a button', () => {
    render(<Table columns={sortable} rows={rows} getRowKey={(r) => r.id} caption="T" />);
    const table = screen.getByRole('table', { name: 'T' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(table).not.toHaveClass('pc-table--sortable');
  });

  it('nextTableSort: another column starts ascending, the same column flips', () => {
    expect(nextTableSort(undefined, 'a')).toEqual({ column: 'a', direction: 'asc' });
    expect(nextTableSort({ column: 'b', direction: 'desc' }, 'a')).toEqual({ column: 'a', direction: 'asc' });
    expect(nextTableSort({ column: 'a', direction: 'asc' }, 'a')).toEqual({ column: 'a', direction: 'desc' });
    expect(nextTableSort({ column: 'a', direction: 'desc' }, 'a')).toEqual({ column: 'a', direction: 'asc' });
  });
});
