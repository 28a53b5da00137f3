import type { KeyboardEvent, ReactNode } from 'react';
import {
  Badge,
  Spinner,
  Table,
  TextField,
  type BadgeTone,
  type TableColumn,
  type TableSort,
} from '@pitclock/design-system';
import type { USERS_PAGE } from '@pitclock/contracts/schemas';
import type { LicenseStatus } from '@pitclock/contracts';
import { When } from '../../lib/when';
import { AdminToggle } from './admin-toggle';
import { USERS_TEXT as T } from './messages';
import { RowNoticeText, type RowNotice } from './row-notice';
import { UserActions } from './user-actions';
import type { EditColumn, UserEdit } from './user-edit';
import type { UserRow } from './user-rows';
import type { CurrentUser } from './users-api';

export type UsersTableProps = {
  rows: readonly UserRow[];
  viewer: CurrentUser | undefined;
  /** Whether licensing's statuses are still on their way (a status cell shows a spinner meanwhile). */
  statusesLoading: boolean;
  edit: UserEdit;
  expandedId: number | null;
  onToggleDetails: (userId: number) => void;
  onDelete: (user: UserRow) => void;
  notices: Readonly<Record<number, RowNotice>>;
  onNotice: (userId: number, notice: RowNotice | undefined) => void;
  /** The expanded user's details, shown in a full-width row under that user. */
  details?: ReactNode;
  /** The order of the rows, and what a header click asks for. */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
};

/** The users columns a header click sorts by (USERS_PAGE's columns). */
const sortKey = (key: keyof typeof USERS_PAGE.columns) => key;

const STATUS_TONES: Record<LicenseStatus, BadgeTone> = {
  none: 'neutral',
  inactive: 'amber',
  active: 'green',
};

/** Enter saves and Escape cancels an inline edit (its fields sit in two cells, so no form wraps them). */
const editKeys = (edit: UserEdit) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    void edit.save();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    edit.cancel();
  }
};

function EditableCell({ user, edit, field }: { user: UserRow; edit: UserEdit; field: EditColumn }) {
  if (edit.editing?.userId !== user.id) return <span className="admin-users__text">{user[field]}</span>;
  return (
    <TextField
      label={field === 'email' ? T.email : T.displayName}
      hideLabel
      type={field === 'email' ? 'email' : 'text'}
      autoComplete="off"
      autoFocus={field === 'email'}
      {...edit.field(field)}
      onKeyDown={editKeys(edit)}
    />
  );
}

function StatusCell({ status, loading }: { status: LicenseStatus | null; loading: boolean }) {
  if (status !== null) return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
  return loading ? <Spinner size="sm" label={T.loadingStatus} /> : <>{T.unknownStatus}</>;
}

/** ID, Email, Name, Admin, Created, License status and the row's actions; cards on phones. */
export function UsersTable({
  rows,
  viewer,
  statusesLoading,
  edit,
  expandedId,
  onToggleDetails,
  onDelete,
  notices,
  onNotice,
  details,
  sort,
  onSortChange,
}: UsersTableProps) {
  const columns: TableColumn<UserRow>[] = [
    { id: 'id', header: T.id, cell: (user) => user.id, rowHeader: true, sortKey: sortKey('id') },
    {
      id: 'email',
      header: T.email,
      cell: (user) => <EditableCell user={user} edit={edit} field="email" />,
      sortKey: sortKey('email'),
    },
    {
      id: 'name',
      header: T.name,
      cell: (user) => <EditableCell user={user} edit={edit} field="name" />,
      sortKey: sortKey('name'),
    },
    {
      id: 'admin',
      header: T.admin,
      sortKey: sortKey('is_admin'),
      cell: (user) => (
        <AdminToggle user={user} viewer={viewer} onNotice={(notice) => onNotice(user.id, notice)} />
      ),
    },
    {
      id: 'created',
      header: T.created,
      cell: (user) => <When iso={user.created_at} />,
      sortKey: sortKey('created_at'),
    },
    {
      id: 'status',
      header: T.licenseStatus,
      cell: (user) => <StatusCell status={user.license_status} loading={statusesLoading} />,
    },
    {
      id: 'actions',
      header: T.actions,
      cell: (user) => (
        <span className="admin-users__actions-cell">
          <UserActions
            user={user}
            viewer={viewer}
            edit={edit}
            expanded={expandedId === user.id}
            onToggleDetails={onToggleDetails}
            onDelete={onDelete}
            onNotice={(notice) => onNotice(user.id, notice)}
          />
          <RowNoticeText notice={notices[user.id]} />
        </span>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={rows}
      getRowKey={(user) => user.id}
      caption={T.title}
      hideCaption
      stackBelow="md"
      rowDetails={(user) => (user.id === expandedId ? details : null)}
      rowClassName={(user) => (user.id === expandedId ? 'admin-users__row--expanded' : undefined)}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
