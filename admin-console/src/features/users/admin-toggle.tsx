import { Toggle } from '@pitclock/design-system';
import { USERS_TEXT as T } from './messages';
import { failureNotice, type RowNotice } from './row-notice';
import type { CurrentUser } from './users-api';
import { useToggleUserAdminMutation } from './users-api';
import type { UserRow } from './user-rows';

export type AdminToggleProps = {
  user: UserRow;
  /** The viewer (undefined while GET /me is on its way: the switch waits, disabled). */
  viewer: CurrentUser | undefined;
  onNotice: (notice: RowNotice | undefined) => void;
};

/** SPEC.md section 6: enabled only for an admin viewer and never on their own row. */
export function lockReason(user: UserRow, viewer: CurrentUser | undefined): string | undefined {
  if (viewer === undefined) return undefined;
  if (!viewer.isAdmin) return T.adminOnly;
  if (viewer.id === user.id) return T.cannotChangeOwnRole;
  return undefined;
}

/** The Admin yes/no switch of a row; a refusal (e.g. the last admin) shows in the row. */
export function AdminToggle({ user, viewer, onNotice }: AdminToggleProps) {
  const [toggle, { isLoading }] = useToggleUserAdminMutation();
  const reason = lockReason(user, viewer);
  const disabled = viewer === undefined || reason !== undefined || isLoading;

  const flip = async () => {
    onNotice(undefined);
    try {
      await toggle(user.id).unwrap();
    } catch (error) {
      onNotice(failureNotice(T.toggleFailed, error));
    }
  };

  return (
    <span className="admin-users__admin">
      <span aria-hidden="true">{user.is_admin ? T.yes : T.no}</span>
      <Toggle
        label={T.adminToggle(user.email)}
        hideLabel
        checked={user.is_admin}
        disabled={disabled}
        title={reason}
        description={reason}
        aria-busy={isLoading || undefined}
        onCheckedChange={() => void flip()}
        wrapperClassName="admin-users__toggle"
      />
    </span>
  );
}
