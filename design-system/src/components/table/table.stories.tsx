import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { EditIcon } from '../../icons/icons';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { IconButton } from '../icon-button/icon-button';
import { Table } from './table';
import type { TableColumn, TableProps, TableSort } from './table';

type Contest = { id: number; name: string; date: string; location: string; body: string; status: string };

const contests: Contest[] = [
  {
    id: 1,
    name: 'Smoke on the Water',
    date: '2026-05-14',
    location: 'Memphis, TN',
    body: 'MBN',
    status: 'Planned',
  },
  {
    id: 2,
    name: 'Royal Oak Classic',
    date: '2026-06-02',
    location: 'Kansas City, MO',
    body: 'KCBS',
    status: 'Running',
  },
  {
    id: 3,
    name: 'Lone Star Cook-off',
    date: '2026-07-20',
    location: 'Austin, TX',
    body: 'SCA',
    status: 'Planned',
  },
];

const columns: TableColumn<Contest>[] = [
  { id: 'name', header: 'Name', cell: (c) => c.name, rowHeader: true },
  { id: 'date', header: 'Date', cell: (c) => c.date },
  { id: 'location', header: 'Location', cell: (c) => c.location, hideBelow: 'md' },
  { id: 'body', header: 'Body', cell: (c) => c.body, hideBelow: 'sm' },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => <Badge tone={c.status === 'Running' ? 'green' : 'neutral'}>{c.status}</Badge>,
  },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    align: 'end',
    cell: (c) => <IconButton label={`Edit ${c.name}`} icon={<EditIcon />} />,
  },
];

function ContestTable(props: Partial<TableProps<Contest>>) {
  return <Table columns={columns} rows={contests} getRowKey={(c) => c.id} caption="Cook-offs" {...props} />;
}

const meta = {
  title: 'Data/Table',
  component: ContestTable,
} satisfies Meta<typeof ContestTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Cook-offs' });
    await expect(within(table).getByRole('columnheader', { name: 'Location' })).toHaveClass(
      'pc-hide-below-md',
    );
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
  },
};

export const HiddenCaption: Story = { args: { hideCaption: true } };
export const Dense: Story = { args: { dense: true } };

export const Empty: Story = {
  args: {
    rows: [],
    empty: (
      <>
        No cook-offs in the last 7 days. <Button variant="ghost">Create one</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No cook-offs/)).toBeInTheDocument();
  },
};

export const NoCaption: Story = { args: { caption: undefined } };

/** On a phone (below 768px) each cook-off is a card of labelled lines; the actions have no label. */
export const StackedOnPhones: Story = {
  args: { stackBelow: 'md' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Cook-offs' });
    await expect(table).toHaveClass('pc-table--stack-below-md');
    await expect(within(table).getByText('Memphis, TN')).toHaveAttribute('data-label', 'Location');
    await expect(
      within(table).getByRole('button', { name: 'Edit Royal Oak Classic' }).parentElement,
    ).not.toHaveAttribute('data-label');
  },
};

/** An expanded row: its details span the whole table under it. */
export const WithDetailsRow: Story = {
  args: {
    rowDetails: (c: Contest) =>
      c.id === 2 ? <p style={{ margin: 0 }}>Royal Oak Classic: 4 meats, turn-ins from 12:00.</p> : null,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement)
        .getByText(/4 meats/)
        .closest('td'),
    ).toHaveAttribute('colspan', '6');
  },
};

/** Sorted by the caller: the table says which order was asked for (here the rows are sorted in memory). */
function SortableContestTable(props: Partial<TableProps<Contest>>) {
  const [sort, setSort] = useState<TableSort>({ column: 'date', direction: 'asc' });
  const key = sort.column as 'name' | 'date';
  const rows = [...contests].sort(
    (a, b) => a[key].localeCompare(b[key]) * (sort.direction === 'asc' ? 1 : -1),
  );
  const sortable = columns.map((column) =>
    column.id === 'name' || column.id === 'date' ? { ...column, sortKey: column.id } : column,
  );
  return (
    <Table
      columns={sortable}
      rows={rows}
      getRowKey={(c) => c.id}
      caption="Cook-offs"
      sort={sort}
      onSortChange={setSort}
      {...props}
    />
  );
}

/** Name and Date sort: a click on the header sorts by it, a second click reverses (aria-sort says which). */
export const Sortable: Story = {
  render: (args) => <SortableContestTable {...args} />,
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Cook-offs' });
    await expect(within(table).getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    await expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Lone Star Cook-off');
    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    await expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Smoke on the Water');
    await expect(within(table).getByRole('columnheader', { name: 'Date' })).not.toHaveAttribute('aria-sort');
  },
};

/** On a phone the rows are cards and the sort buttons stay above them. */
export const SortableStackedOnPhones: Story = {
  render: (args) => <SortableContestTable {...args} stackBelow="md" />,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Cook-offs' });
    await expect(table).toHaveClass('pc-table--sortable');
    await expect(table).toHaveClass('pc-table--stack-below-md');
    await expect(within(table).getByRole('button', { name: 'Date' })).toBeInTheDocument();
  },
};
