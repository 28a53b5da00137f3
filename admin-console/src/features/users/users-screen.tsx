import { useState } from 'react';
import { ConfirmDialog, EmptyState, Spinner } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { useAdminUsersQuery } from '../../lib/users-api';
import { USERS_TEXT as T } from './messages';
import { failureNotice, type RowNotice } from './row-notice';
import { UserDetails } from './user-details';
import { useUserEdit } from './user-edit';
import { mergeStatuses, statusQueryOf, type UserRow } from './user-rows';
import { UsersTable } from './users-table';
import { useCurrentUserQuery, useDeleteUserMutation, useUserLicenseStatusesQuery } from './users-api';
import '../../lib/admin-screen.css';
import './users.css';

/**
 * /admin/users (SPEC.md section 2): auth's users merged with licensing's statuses; per status inline
 * edit and delete (none), restore (inactive) or an expandable details row (active); the admin switch.
 */
export function UsersScreen() {
  const users = useAdminUsersQuery();
  const statusQuery = statusQueryOf(users.data);
  const statuses = useUserLicenseStatusesQuery(statusQuery, { skip: statusQuery === '' });
  const me = useCurrentUserQuery();
  const edit = useUserEdit();
  const [deleteUser, deletion] = useDeleteUserMutation();
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const [notices, setNotices] = useState<Record<number, RowNotice>>({});

  const rows = mergeStatuses(users.data ?? [], statuses.isError ? undefined : statuses.data);
  const expanded = rows.find((row) => row.id === expandedId);

  const setNotice = (userId: number, notice: RowNotice | undefined) =>
    setNotices(({ [userId]: _old, ...rest }) => (notice ? { ...rest, [userId]: notice } : rest));

  const confirmDelete = async () => {
    if (deleting === null) return;
    setNotice(deleting.id, undefined);
    try {
      await deleteUser(deleting.id).unwrap();
    } catch (error) {
      setNotice(deleting.id, failureNotice(T.deleteFailed, error));
    } finally {
      setDeleting(null);
    }
  };

  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-users">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
      </header>
      {users.isError ? <FailureBanner title={T.loadFailed} error={users.error} /> : null}
      {statuses.isError ? <FailureBanner title={T.loadFailed} error={statuses.error} /> : null}
      {users.isLoading ? <Spinner label={T.loading} /> : null}
      {users.data && rows.length === 0 ? <EmptyState title={T.empty} /> : null}
      {rows.length > 0 ? (
        <UsersTable
          rows={rows}
          viewer={me.data ?? (me.isError ? { id: null, isAdmin: false } : undefined)}
          statusesLoading={statuses.isLoading || statuses.isUninitialized}
          edit={edit}
          expandedId={expandedId}
          onToggleDetails={(userId) => setExpandedId((current) => (current === userId ? null : userId))}
          onDelete={setDeleting}
          notices={notices}
          onNotice={setNotice}
          details={
            expanded ? (
              <UserDetails key={expanded.id} user={expanded} onClose={() => setExpandedId(null)} />
            ) : null
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteConfirm}
        message={deleting?.email}
        confirmLabel={T.delete}
        destructive
        busy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
