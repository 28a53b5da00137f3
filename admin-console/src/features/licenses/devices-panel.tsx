import { useState } from 'react';
import type { Device } from '@pitclock/contracts';
import { Banner, Button, ConfirmDialog, Spinner } from '@pitclock/design-system';
import { DevicesTable } from '../../lib/devices-table';
import { FailureBanner } from '../../lib/failure-banner';
import { useLicenseDevicesQuery, useRestoreDeviceMutation, useRevokeDeviceMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

type Notice = { kind: 'restored' } | { kind: 'failed'; title: string; error: unknown } | null;

const deviceText = (device: Device) => device.device_name ?? device.device_uid;

/** Every registered device with Revoke (after 'Revoke this device license?') or Restore. */
export function DevicesPanel() {
  const devices = useLicenseDevicesQuery();
  const [revoke, revoking] = useRevokeDeviceMutation();
  const [restore] = useRestoreDeviceMutation();
  const [confirming, setConfirming] = useState<Device | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const run = async (device: Device, action: 'revoke' | 'restore') => {
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

  const renderAction = (device: Device) =>
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

  return (
    // Not labelled: the table's region has the same name (a second region of that name fails axe's
    // landmark-unique).
    <section className="admin-panel">
      <h2 className="admin-panel__title">{T.devicesTitle}</h2>
      {devices.isError ? <FailureBanner title={T.fetchDevicesFailed} error={devices.error} /> : null}
      {notice?.kind === 'restored' ? <Banner tone="green">{T.restored}</Banner> : null}
      {notice?.kind === 'failed' ? <FailureBanner title={notice.title} error={notice.error} /> : null}
      {devices.isLoading ? <Spinner label={T.loadingDevices} /> : null}
      {devices.data ? (
        <DevicesTable devices={devices.data} caption={T.devicesTitle} renderAction={renderAction} />
      ) : null}
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
