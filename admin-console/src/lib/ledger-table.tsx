import type { ReactNode } from 'react';
import type { LedgerEntry } from '@pitclock/contracts';
import { Table, type TableColumn } from '@pitclock/design-system';
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

const columns: readonly TableColumn<LedgerEntry>[] = [
  { id: 'id', header: LEDGER_TEXT.id, cell: (entry) => entry.id, rowHeader: true },
  { id: 'delta', header: LEDGER_TEXT.delta, cell: (entry) => formatDelta(entry.delta), align: 'end' },
  { id: 'reason', header: LEDGER_TEXT.reason, cell: (entry) => entry.reason },
  { id: 'time', header: LEDGER_TEXT.time, cell: (entry) => <When iso={entry.created_at} /> },
];

export type LedgerTableProps = { entries: readonly LedgerEntry[]; caption: ReactNode };

/** The recent credits ledger (ID, delta, reason, time), newest first as the server answers it. */
export function LedgerTable({ entries, caption }: LedgerTableProps) {
  return (
    <Table
      columns={columns}
      rows={entries}
      getRowKey={(entry) => entry.id}
      caption={caption}
      empty={LEDGER_TEXT.empty}
      dense
      stackBelow="md"
    />
  );
}
