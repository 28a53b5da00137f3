import type { ReactNode } from 'react';
import type { DEVICES_PAGE } from '@pitclock/contracts/schemas';
import { Badge, Spinner, Table, type TableColumn, type TableSort } from '@pitclock/design-system';
import type { DeviceOwner, DeviceRow } from './device-owners';
import { When } from './when';

export const DEVICES_TEXT = {
  id: 'ID',
  uid: 'UID',
  name: 'Name',
  owner: 'Owner',
  lastSeen: 'Last seen',
  status: 'Status',
  action: 'Action',
  active: 'Active',
  revoked: 'Revoked',
  empty: 'No devices registered.',
  unknownOwner: 'Unknown user',
  loadingOwner: 'Loading owner',
  noOwner: '—',
} as const;

/** The devices columns a header click sorts by (DEVICES_PAGE's columns). */
type DeviceSortKey = keyof typeof DEVICES_PAGE.columns;
const sortKey = (key: DeviceSortKey) => key;

export type DevicesTableProps = {
  devices: readonly DeviceRow[];
  caption: ReactNode;
  /** The action of a device (Revoke, Restore), or nothing. */
  renderAction: (device: DeviceRow) => ReactNode;
  /** The order of the rows, and what a header click asks for (no sortable headers without it). */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
};

function OwnerCell({ owner }: { owner: DeviceOwner }) {
  switch (owner.state) {
    case 'found':
      return (
        <span className="admin-owner">
          <span className="admin-break">{owner.email}</span>
          {owner.name.trim() === '' ? null : (
            <span className="admin-owner__name admin-break">{owner.name}</span>
          )}
        </span>
      );
    case 'unknown':
      return <span className="admin-owner__unknown">{DEVICES_TEXT.unknownOwner}</span>;
    case 'loading':
      return <Spinner size="sm" label={DEVICES_TEXT.loadingOwner} />;
    default:
      return <>{DEVICES_TEXT.noOwner}</>;
  }
}

/** Registered devices: ID, UID, name, owner (e-mail and name), last seen, Active or Revoked, an action. */
export function DevicesTable({ devices, caption, renderAction, sort, onSortChange }: DevicesTableProps) {
  const columns: readonly TableColumn<DeviceRow>[] = [
    {
      id: 'id',
      header: DEVICES_TEXT.id,
      cell: (device) => device.device_id,
      rowHeader: true,
      sortKey: sortKey('device_id'),
    },
    {
      id: 'uid',
      header: DEVICES_TEXT.uid,
      cell: (device) => <span className="admin-devices__uid">{device.device_uid}</span>,
      sortKey: sortKey('device_uid'),
    },
    {
      id: 'name',
      header: DEVICES_TEXT.name,
      cell: (device) => <span className="admin-break">{device.device_name ?? '—'}</span>,
      sortKey: sortKey('device_name'),
    },
    { id: 'owner', header: DEVICES_TEXT.owner, cell: (device) => <OwnerCell owner={device.owner} /> },
    {
      id: 'last-seen',
      header: DEVICES_TEXT.lastSeen,
      cell: (device) => <When iso={device.last_seen} />,
      sortKey: sortKey('last_seen'),
    },
    {
      id: 'status',
      header: DEVICES_TEXT.status,
      cell: (device) =>
        device.revoked ? (
          <Badge tone="red">{DEVICES_TEXT.revoked}</Badge>
        ) : (
          <Badge tone="green">{DEVICES_TEXT.active}</Badge>
        ),
    },
    { id: 'action', header: DEVICES_TEXT.action, hideHeader: true, cell: renderAction },
  ];
  return (
    <Table
      columns={columns}
      rows={devices}
      getRowKey={(device) => device.device_id}
      caption={caption}
      empty={DEVICES_TEXT.empty}
      stackBelow="md"
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
