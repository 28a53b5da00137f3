import { useEffect, useRef, useState } from 'react';
import type { Device } from '@pitclock/contracts';
import { Button, ConfirmDialog, Spinner } from '@pitclock/design-system';
import { DevicesTable } from '../../lib/devices-table';
import { FailureBanner } from '../../lib/failure-banner';
import { LedgerTable } from '../../lib/ledger-table';
import { AddCreditsForm } from './add-credits-form';
import { USERS_TEXT as T } from './messages';
import { failureNotice, RowNoticeText, type RowNotice } from './row-notice';
import { detailsPanelId } from './user-actions';
import type { UserRow } from './user-rows';
import { useRevokeUserDeviceMutation, useUserLicensesQuery } from './users-api';

const TITLE_ID = 'admin-user-details-title';

const deviceText = (device: Device) => device.device_name ?? device.device_uid;

export type UserDetailsProps = { user: UserRow; onClose: () => void };

/**
 * The details of an active user (GET /users/{id}/licenses): credit balance, add credits, the devices with
 * last seen and Revoke, and the recent ledger. Takes the focus when it opens.
 */
export function UserDetails({ user, onClose }: UserDetailsProps) {
  const details = useUserLicensesQuery(user.id);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [user.id]);

  return (
    <section id={detailsPanelId} className="admin-panel admin-users__details" aria-labelledby={TITLE_ID}>
      <header className="admin-users__details-header">
        <h2 id={TITLE_ID} ref={titleRef} tabIndex={-1} className="admin-panel__title">
          {T.detailsTitle(user.email)}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {T.closeDetails}
        </Button>
      </header>
      {details.isError ? <FailureBanner title={T.detailsFailed} error={details.error} /> : null}
      {details.isLoading ? <Spinner label={T.loadingDetails} /> : null}
      {details.data ? (
        <>
          <p className="admin-users__balance">
            {T.creditBalance}: <strong>{details.data.balance}</strong>
          </p>
          <AddCreditsForm userId={user.id} />
          <UserDevices userId={user.id} devices={details.data.devices} />
          <LedgerTable entries={details.data.ledger} caption={T.ledgerCaption} />
        </>
      ) : null}
    </section>
  );
}

function UserDevices({ userId, devices }: { userId: number; devices: readonly Device[] }) {
  const [revoke, { isLoading }] = useRevokeUserDeviceMutation();
  const [confirming, setConfirming] = useState<Device | null>(null);
  const [notice, setNotice] = useState<RowNotice>();

  const confirm = async () => {
    if (confirming === null) return;
    setNotice(undefined);
    try {
      await revoke({ userId, deviceId: confirming.device_id }).unwrap();
    } catch (error) {
      setNotice(failureNotice(T.revokeFailed, error));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <RowNoticeText notice={notice} />
      <DevicesTable
        devices={devices}
        caption={T.devicesCaption}
        renderAction={(device) =>
          device.revoked ? null : (
            <Button
              variant="danger"
              aria-label={T.revokeDevice(deviceText(device))}
              onClick={() => setConfirming(device)}
            >
              {T.revoke}
            </Button>
          )
        }
      />
      <ConfirmDialog
        open={confirming !== null}
        title={T.revokeConfirm}
        message={confirming ? deviceText(confirming) : undefined}
        confirmLabel={T.revoke}
        destructive
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
