import { useEffect, useRef, useState } from 'react';
import { Button, ConfirmDialog } from '@pitclock/design-system';
import type { DeviceRow } from '../../lib/device-owners';
import { DevicesList } from '../../lib/devices-list';
import { LedgerList } from '../../lib/ledger-list';
import { useLedgerPageQuery } from '../../lib/ledger-api';
import { useListState } from '../../lib/use-list-state';
import { AddCreditsForm } from './add-credits-form';
import { USERS_TEXT as T } from './messages';
import { failureNotice, RowNoticeText, type RowNotice } from './row-notice';
import { detailsPanelId } from './user-actions';
import type { UserRow } from './user-rows';
import { DETAILS_DEVICES_LIST, DETAILS_LEDGER_LIST } from './users-list';
import { useRevokeUserDeviceMutation } from './users-api';

const TITLE_ID = 'admin-user-details-title';

const deviceText = (device: DeviceRow) => device.device_name ?? device.device_uid;

/** The details' lists fail as the details do (SPEC.md section 8: 'Failed to load user details'). */
const DETAILS_TEXTS = {
  loading: T.loadingDetails,
  loadFailed: T.detailsFailed,
  staleRows: `${T.detailsFailed}: the rows below are from an earlier load.`,
};

export type UserDetailsProps = { user: UserRow; onClose: () => void };

/**
 * The details of an active user: credit balance, add credits, the devices with last seen and Revoke,
 * and the ledger; the devices and the ledger are pages of their own (search, sort and page in the URL).
 * Takes the focus when it opens.
 */
export function UserDetails({ user, onClose }: UserDetailsProps) {
  const ledgerList = useListState(DETAILS_LEDGER_LIST);
  const ledger = useLedgerPageQuery({ ...ledgerList.args, user_id: user.id });
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
      {ledger.data ? (
        <p className="admin-users__balance">
          {T.creditBalance}: <strong>{ledger.data.balance}</strong>
        </p>
      ) : null}
      <AddCreditsForm userId={user.id} />
      <UserDevices userId={user.id} />
      <LedgerList
        list={ledgerList}
        result={ledger}
        caption={T.ledgerCaption}
        texts={{ ...DETAILS_TEXTS, search: T.ledgerSearch }}
      />
    </section>
  );
}

function UserDevices({ userId }: { userId: number }) {
  const list = useListState(DETAILS_DEVICES_LIST);
  const [revoke, { isLoading }] = useRevokeUserDeviceMutation();
  const [confirming, setConfirming] = useState<DeviceRow | null>(null);
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
      <DevicesList
        list={list}
        query={{ user_id: userId }}
        caption={T.devicesCaption}
        texts={{ ...DETAILS_TEXTS, search: T.devicesSearch }}
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
