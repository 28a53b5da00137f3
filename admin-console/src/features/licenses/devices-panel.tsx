import { useState } from 'react';
import { Banner, Button, ConfirmDialog, Select } from '@pitclock/design-system';
import type { DeviceRow } from '../../lib/device-owners';
import { DevicesList } from '../../lib/devices-list';
import { FailureBanner } from '../../lib/failure-banner';
import { useListState } from '../../lib/use-list-state';
import { UserPicker } from '../../lib/user-picker';
import { useRestoreDeviceMutation, useRevokeDeviceMutation } from './licenses-api';
import { DEVICE_STATUSES, REGISTERED_DEVICES_LIST, type DeviceStatus } from './licenses-lists';
import { LICENSES_TEXT as T } from './messages';

type Notice = { kind: 'restored' } | { kind: 'failed'; title: string; error: unknown } | null;

const deviceText = (device: DeviceRow) => device.device_name ?? device.device_uid;

const STATUS_OPTIONS = DEVICE_STATUSES.map((value) => ({ value, label: T.statuses[value] }));

/**
 * Every registered device with its owner, Revoke (after 'Revoke this device license?') or Restore; a
 * search, filters by owner and status, sortable headers and pages, all kept in the URL.
 */
export function DevicesPanel() {
  const list = useListState(REGISTERED_DEVICES_LIST);
  const ownerId = list.filters.user === undefined ? null : Number(list.filters.user);
  const status = list.filters.status as DeviceStatus | undefined;
  const [revoke, revoking] = useRevokeDeviceMutation();
  const [restore] = useRestoreDeviceMutation();
  const [confirming, setConfirming] = useState<DeviceRow | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const run = async (device: DeviceRow, action: 'revoke' | 'restore') => {
    setNotice(null);
    setPendingId(device.device_id);
    try {
      if (action === 'revoke') await revoke(device.device_id).unwrap();
      else await restore(device.device_id).unwrap();
      if (action === 'restore') setNotice({ kind: 'restored' });
    } catch (error) {
      setNotice({ kind: 'failed', title: action === 'revoke' ? T.revokeFailed : T.restoreFailed, error });
    } finally {
      setPendingId(null);
      setConfirming(null);
    }
  };

  const renderAction = (device: DeviceRow) =>
    device.revoked ? (
      <Button
        variant="secondary"
        aria-label={T.restoreDevice(deviceText(device))}
        loading={pendingId === device.device_id}
        onClick={() => void run(device, 'restore')}
      >
        {T.restore}
      </Button>
    ) : (
      <Button
        variant="danger"
        aria-label={T.revokeDevice(deviceText(device))}
        loading={pendingId === device.device_id}
        onClick={() => setConfirming(device)}
      >
        {T.revoke}
      </Button>
    );

  const filters = (
    <>
      <Select
        label={T.statusLabel}
        placeholder={T.statuses.any}
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => list.filter({ status: event.target.value })}
      />
      <UserPicker
        label={T.ownerLabel}
        findLabel={T.findOwner}
        placeholder={T.anyOwner}
        loadFailed={T.loadUsersFailed}
        value={ownerId}
        onChange={(id) => list.filter({ user: id === null ? undefined : String(id) })}
        className="admin-list-tools__line"
      />
    </>
  );

  return (
    // Not labelled: the table's region has the same name (a second region of that name fails axe's
    // landmark-unique).
    <section className="admin-panel">
      <h2 className="admin-panel__title">{T.devicesTitle}</h2>
      {notice?.kind === 'restored' ? <Banner tone="green">{T.restored}</Banner> : null}
      {notice?.kind === 'failed' ? <FailureBanner title={notice.title} error={notice.error} /> : null}
      <DevicesList
        list={list}
        query={{
          ...(ownerId === null ? {} : { user_id: ownerId }),
          ...(status === undefined ? {} : { status }),
        }}
        filtered={ownerId !== null || status !== undefined}
        caption={T.devicesTitle}
        tools={filters}
        renderAction={renderAction}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={T.revokeConfirm}
        message={confirming ? deviceText(confirming) : undefined}
        confirmLabel={T.revoke}
        destructive
        busy={revoking.isLoading}
        onConfirm={() => {
          if (confirming) void run(confirming, 'revoke');
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
