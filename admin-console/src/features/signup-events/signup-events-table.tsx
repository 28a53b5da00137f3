import type { SignupEvent } from '@pitclock/contracts';
import { Badge, Table, type TableColumn } from '@pitclock/design-system';
import { formatLocalDateTime } from '../../lib/format-time';
import { SIGNUP_EVENTS_TEXT as T } from './messages';

const columns: TableColumn<SignupEvent>[] = [
  {
    id: 'email',
    header: T.columns.email,
    rowHeader: true,
    cell: (event) => <span className="admin-break">{event.email}</span>,
  },
  // An address is short (IPv6 at most 39 characters) and reads badly broken: it keeps its line.
  { id: 'ip', header: T.columns.ip, cell: (event) => <span className="admin-signup__ip">{event.ip}</span> },
  {
    id: 'outcome',
    header: T.columns.outcome,
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
    cell: (event) => <span className="admin-break">{event.platform}</span>,
  },
  {
    id: 'when',
    header: T.columns.when,
    cell: (event) => <time dateTime={event.created_at}>{formatLocalDateTime(event.created_at)}</time>,
  },
];

/** The signup events, newest first; one card per event on a phone (stackBelow md). */
export function SignupEventsTable({ events }: { events: readonly SignupEvent[] }) {
  return (
    <Table
      columns={columns}
      rows={events}
      getRowKey={(event) => event.id}
      caption={T.tableCaption}
      hideCaption
      stackBelow="md"
    />
  );
}
