import type { SignupEvent } from '@pitclock/contracts';
import { Badge, Table, type TableColumn, type TableSort } from '@pitclock/design-system';
import { formatLocalDateTime } from '../../lib/format-time';
import { SIGNUP_EVENTS_TEXT as T } from './messages';
import type { SignupColumn } from './signup-filters-rules';

/** The columns a header click sorts by (SIGNUP_EVENTS_PAGE's columns). */
const sortKey = (key: SignupColumn) => key;

const columns: TableColumn<SignupEvent>[] = [
  {
    id: 'email',
    header: T.columns.email,
    rowHeader: true,
    sortKey: sortKey('email'),
    cell: (event) => <span className="admin-break">{event.email}</span>,
  },
  // An address is short (IPv6 at most 39 characters) and reads badly broken: it keeps its line.
  {
    id: 'ip',
    header: T.columns.ip,
    cell: (event) => <span className="admin-signup__ip">{event.ip}</span>,
    sortKey: sortKey('ip'),
  },
  {
    id: 'outcome',
    header: T.columns.outcome,
    sortKey: sortKey('outcome'),
    cell: (event) => (
      <span className="admin-signup__outcome">
        <Badge tone={event.outcome === 'success' ? 'green' : 'red'}>{event.outcome}</Badge>
        {event.reason ? <span className="admin-muted admin-break">{event.reason}</span> : null}
      </span>
    ),
  },
  {
    id: 'platform',
    header: T.columns.platform,
    sortKey: sortKey('platform'),
    cell: (event) => <span className="admin-break">{event.platform}</span>,
  },
  {
    id: 'when',
    header: T.columns.when,
    sortKey: sortKey('created_at'),
    cell: (event) => <time dateTime={event.created_at}>{formatLocalDateTime(event.created_at)}</time>,
  },
];

export type SignupEventsTableProps = {
  events: readonly SignupEvent[];
  /** The order of the rows, and what a header click asks for. */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
};

/** The signup events of a page; one card per event on a phone (stackBelow md). */
export function SignupEventsTable({ events, sort, onSortChange }: SignupEventsTableProps) {
  return (
    <Table
      columns={columns}
      rows={events}
      getRowKey={(event) => event.id}
      caption={T.tableCaption}
      hideCaption
      stackBelow="md"
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
