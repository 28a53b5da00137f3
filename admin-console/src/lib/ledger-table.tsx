import type { ReactNode } from 'react';
import type { LedgerEntry } from '@pitclock/contracts';
import type { LEDGER_PAGE } from '@pitclock/contracts/schemas';
import { Table, type TableColumn, type TableSort } from '@pitclock/design-system';
import { When } from './when';

export const LEDGER_TEXT = {
  id: 'ID',
  delta: 'Delta',
  reason: 'Reason',
  time: 'Time',
  empty: 'No ledger entries yet.',
} as const;

/** A signed delta as an admin reads it: '+5', '-1'. */
export const formatDelta = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));

/** The ledger columns a header click sorts by (LEDGER_PAGE's columns). */
const sortKey = (key: keyof typeof LEDGER_PAGE.columns) => key;

const columns: readonly TableColumn<LedgerEntry>[] = [
  { id: 'id', header: LEDGER_TEXT.id, cell: (entry) => entry.id, rowHeader: true, sortKey: sortKey('id') },
  {
    id: 'delta',
    header: LEDGER_TEXT.delta,
    cell: (entry) => formatDelta(entry.delta),
    align: 'end',
    sortKey: sortKey('delta'),
  },
  {
    id: 'reason',
    header: LEDGER_TEXT.reason,
    cell: (entry) => <span className="admin-break">{entry.reason}</span>,
  },
  {
    id: 'time',
    header: LEDGER_TEXT.time,
    cell: (entry) => <When iso={entry.created_at} />,
    sortKey: sortKey('created_at'),
  },
];

export type LedgerTableProps = {
  entries: readonly LedgerEntry[];
  caption: ReactNode;
  /** The order of the rows, and what a header click asks for (no sortable headers without it). */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
};

/** A credits ledger: ID, delta, reason, time. */
export function LedgerTable({ entries, caption, sort, onSortChange }: LedgerTableProps) {
  return (
    <Table
      columns={columns}
      rows={entries}
      getRowKey={(entry) => entry.id}
      caption={caption}
      empty={LEDGER_TEXT.empty}
      dense
      stackBelow="md"
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
