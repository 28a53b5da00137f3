import type { ReactNode } from 'react';
import type { Device } from '@pitclock/contracts';
import { Badge, Table, type TableColumn } from '@pitclock/design-system';
import { When } from './when';

export const DEVICES_TEXT = {
  id: 'ID',
  uid: 'UID',
  name: 'Name',
  lastSeen: 'Last seen',
  status: 'Status',
  action: 'Action',
  active: 'Active',
  revoked: 'Revoked',
  empty: 'No devices registered.',
} as const;

export type DevicesTableProps = {
  devices: readonly Device[];
  caption: ReactNode;
  /** The action of a device (Revoke, Restore), or nothing. */
  renderAction: (device: Device) => ReactNode;
};

/** Registered devices: ID, UID, name, last seen, Active or Revoked, and an action per device. */
export function DevicesTable({ devices, caption, renderAction }: DevicesTableProps) {
  const columns: readonly TableColumn<Device>[] = [
    { id: 'id', header: DEVICES_TEXT.id, cell: (device) => device.device_id, rowHeader: true },
    {
      id: 'uid',
      header: DEVICES_TEXT.uid,
      cell: (device) => <span className="admin-devices__uid">{device.device_uid}</span>,
    },
    { id: 'name', header: DEVICES_TEXT.name, cell: (device) => device.device_name ?? '—' },
    { id: 'last-seen', header: DEVICES_TEXT.lastSeen, cell: (device) => <When iso={device.last_seen} /> },
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
    />
  );
}
