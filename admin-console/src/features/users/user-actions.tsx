import { Button } from '@pitclock/design-system';
import { useState } from 'react';
import { USERS_TEXT as T } from './messages';
import { failureNotice, type RowNotice } from './row-notice';
import { editButtonId, type UserEdit } from './user-edit';
import type { UserRow } from './user-rows';
import { useLazyUserLicensesQuery, useRestoreUserDeviceMutation, type CurrentUser } from './users-api';

export const detailsPanelId = 'admin-user-details';

export type UserActionsProps = {
  user: UserRow;
  /** The signed-in admin (undefined while GET /me is on its way): their own row cannot be deleted. */
  viewer: CurrentUser | undefined;
  edit: UserEdit;
  expanded: boolean;
  onToggleDetails: (userId: number) => void;
  onDelete: (user: UserRow) => void;
  onNotice: (notice: RowNotice | undefined) => void;
};

/** The actions a licence status allows: none edit and delete, inactive restore, active details. */
export function UserActions({
  user,
  viewer,
  edit,
  expanded,
  onToggleDetails,
  onDelete,
  onNotice,
}: UserActionsProps) {
  if (edit.editing?.userId === user.id) return <EditActions edit={edit} />;
  switch (user.license_status) {
    case 'none':
      return (
        <span className="admin-users__actions">
          <Button
            id={editButtonId(user.id)}
            variant="secondary"
            aria-label={T.editUser(user.email)}
            disabled={edit.editing !== null}
            onClick={() => {
              onNotice(undefined);
              edit.start(user);
            }}
          >
            {T.edit}
          </Button>
          <DeleteButton user={user} own={viewer?.id === user.id} onDelete={onDelete} />
        </span>
      );
    case 'inactive':
      return <RestoreButton user={user} onNotice={onNotice} />;
    case 'active':
      return (
        <Button
          variant="secondary"
          aria-label={T.detailsOf(user.email)}
          aria-expanded={expanded}
          aria-controls={expanded ? detailsPanelId : undefined}
          onClick={() => onToggleDetails(user.id)}
        >
          {T.details}
        </Button>
      );
    default:
      return null;
  }
}

/** Delete, disabled on the admin's own row with the reason beside it (the server would refuse it). */
function DeleteButton({
  user,
  own,
  onDelete,
}: {
  user: UserRow;
  own: boolean;
  onDelete: (user: UserRow) => void;
}) {
  const reasonId = `admin-user-${user.id}-delete-reason`;
  return (
    <>
      <Button
        variant="danger"
        aria-label={T.deleteUser(user.email)}
        disabled={own}
        aria-describedby={own ? reasonId : undefined}
        onClick={() => onDelete(user)}
      >
        {T.delete}
      </Button>
      {own ? (
        <span id={reasonId} className="admin-users__notice">
          {T.cannotDeleteSelf}
        </span>
      ) : null}
    </>
  );
}

function EditActions({ edit }: { edit: UserEdit }) {
  return (
    <span className="admin-users__edit">
      <span className="admin-users__actions">
        <Button onClick={() => void edit.save()} loading={edit.saving}>
          {T.save}
        </Button>
        <Button variant="secondary" onClick={edit.cancel}>
          {T.cancel}
        </Button>
      </span>
      {edit.formError ? (
        <span role="alert" className="admin-users__notice admin-users__notice--error">
          {edit.formError}
        </span>
      ) : null}
    </span>
  );
}

/** Restores the user's most recently revoked device; 'No device to restore' when there is none. */
function RestoreButton({
  user,
  onNotice,
}: {
  user: UserRow;
  onNotice: (notice: RowNotice | undefined) => void;
}) {
  const [loadLicenses] = useLazyUserLicensesQuery();
  const [restoreDevice] = useRestoreUserDeviceMutation();
  const [busy, setBusy] = useState(false);

  const restore = async () => {
    onNotice(undefined);
    setBusy(true);
    try {
      const { devices } = await loadLicenses(user.id).unwrap();
      const revoked = devices
        .filter((device) => device.revoked)
        .sort((a, b) => (b.revoked_at ?? '').localeCompare(a.revoked_at ?? ''));
      const device = revoked[0];
      if (device === undefined) {
        onNotice({ tone: 'error', text: T.noDeviceToRestore });
        return;
      }
      await restoreDevice({ userId: user.id, deviceId: device.device_id }).unwrap();
      onNotice({ tone: 'success', text: T.restored });
    } catch (error) {
      onNotice(failureNotice(T.restoreFailed, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      aria-label={T.restoreUser(user.email)}
      loading={busy}
      onClick={() => void restore()}
    >
      {T.restore}
    </Button>
  );
}
