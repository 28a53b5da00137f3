import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Table } from './table';
import type { TableColumn } from './table';

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
