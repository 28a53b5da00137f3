import { Spinner, Table, type TableColumn, type TableSort } from '@pitclock/design-system';
import { When } from '../../lib/when';
import type { AuditColumn } from './audit-lists';
import type { AuditPerson, AuditRow } from './audit-people';
import { ACTION_LABELS, changesOf } from './audit-rows';
import { AUDIT_TEXT as T } from './messages';

/** The columns a header click sorts by (AUDIT_PAGE's columns). */
const sortKey = (key: AuditColumn) => key;

function PersonCell({ person }: { person: AuditPerson }) {
  switch (person.state) {
    case 'found':
      return <span className="admin-break">{person.email}</span>;
    case 'unknown':
      return <span className="admin-muted">{T.unknownUser}</span>;
    case 'failed':
      return <span className="admin-muted">{T.userById(person.id)}</span>;
    case 'loading':
      return <Spinner size="sm" label={T.loadingUser} />;
    default:
      return <>{T.none}</>;
  }
}

/** One line per field the action changed: 'field: before → after'. */
function ChangeCell({ entry }: { entry: AuditRow }) {
  const changes = changesOf(entry);
  if (changes.length === 0) return <>{T.none}</>;
  return (
    <ul className="admin-audit__changes">
      {changes.map((change) => (
        <li key={change.field} className="admin-break">
          <span className="admin-audit__field">{change.field}</span>: {change.before} → {change.after}
        </li>
      ))}
    </ul>
  );
}

const columns: readonly TableColumn<AuditRow>[] = [
  {
    id: 'when',
    header: T.columns.when,
    rowHeader: true,
    className: 'admin-audit__when-cell',
    sortKey: sortKey('created_at'),
    cell: (entry) => <When iso={entry.created_at} />,
  },
  {
    id: 'action',
    header: T.columns.action,
    sortKey: sortKey('action'),
    cell: (entry) => ACTION_LABELS[entry.action],
  },
  {
    id: 'by',
    header: T.columns.by,
    className: 'admin-audit__person-cell',
    cell: (entry) => <PersonCell person={entry.actor} />,
  },
  {
    id: 'concerning',
    header: T.columns.concerning,
    className: 'admin-audit__person-cell',
    cell: (entry) => <PersonCell person={entry.subject} />,
  },
  {
    id: 'target',
    header: T.columns.target,
    cell: (entry) => <span className="admin-audit__target">{entry.target_id}</span>,
  },
  {
    id: 'change',
    header: T.columns.change,
    className: 'admin-audit__change-cell',
    cell: (entry) => <ChangeCell entry={entry} />,
  },
];

export type AuditTableProps = {
  entries: readonly AuditRow[];
  caption: string;
  /** The order of the rows, and what a header click asks for. */
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
};

/** The entries of a page, read-only; one card per entry on a phone (stackBelow md). */
export function AuditTable({ entries, caption, sort, onSortChange }: AuditTableProps) {
  return (
    <Table
      columns={columns}
      rows={entries}
      getRowKey={(entry) => entry.id}
      caption={caption}
      hideCaption
      stackBelow="md"
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
