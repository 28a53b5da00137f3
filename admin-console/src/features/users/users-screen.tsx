import { useState } from 'react';
import { ConfirmDialog } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { PagedList } from '../../lib/paged-list';
import { SearchBox } from '../../lib/search-box';
import { useIdParam, useListState } from '../../lib/use-list-state';
import { useUsersPageQuery } from '../../lib/users-api';
import { USERS_TEXT as T } from './messages';
import { failureNotice, type RowNotice } from './row-notice';
import { UserDetails } from './user-details';
import { useUserEdit } from './user-edit';
import { mergeStatuses, statusQueryOf, type UserRow } from './user-rows';
import { DETAILS_LISTS, DETAILS_KEY, USERS_LIST } from './users-list';
import { UsersTable } from './users-table';
import { useCurrentUserQuery, useDeleteUserMutation, useUserLicenseStatusesQuery } from './users-api';
import '../../lib/admin-screen.css';
import './users.css';

/**
 * /admin/users (SPEC.md section 2): auth's users a page at a time (search, sort and page in the URL),
 * merged with licensing's statuses; per status inline edit and delete (none), restore (inactive) or an
 * expandable details row (active, its user in the URL too); the admin switch.
 */
export function UsersScreen() {
  const list = useListState(USERS_LIST);
  const users = useUsersPageQuery(list.args);
  const statusQuery = statusQueryOf(users.data?.data);
  const statuses = useUserLicenseStatusesQuery(statusQuery, { skip: statusQuery === '' });
  const me = useCurrentUserQuery();
  const edit = useUserEdit();
  const [deleteUser, deletion] = useDeleteUserMutation();
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [expandedId, setExpandedId] = useIdParam(DETAILS_KEY, DETAILS_LISTS);
  const [notices, setNotices] = useState<Record<number, RowNotice>>({});

  // The statuses of this page's users only (a page still loading its statuses offers no status action).
  const current = statuses.isError ? undefined : statuses.currentData;
  const page = users.data && { ...users.data, data: mergeStatuses(users.data.data, current) };
  const expanded = page?.data.find((row) => row.id === expandedId);

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
      <SearchBox label={T.search} value={list.q} onSearch={list.search} placeholder={T.searchPlaceholder} />
      {statuses.isError && !statuses.isFetching ? (
        <FailureBanner title={T.loadFailed} error={statuses.error} />
      ) : null}
      <PagedList
        result={{ ...users, data: page }}
        texts={T}
        q={list.q}
        cursor={list.cursor}
        onPage={list.goTo}
      >
        {(rows) => (
          <UsersTable
            rows={rows}
            viewer={me.data ?? (me.isError ? { id: null, isAdmin: false } : undefined)}
            statusesLoading={current === undefined && !statuses.isError}
            edit={edit}
            expandedId={expandedId}
            onToggleDetails={(userId) => setExpandedId(expandedId === userId ? null : userId)}
            onDelete={setDeleting}
            notices={notices}
            onNotice={setNotice}
            sort={list.sort}
            onSortChange={list.sortBy}
            details={
              expanded ? (
                <UserDetails key={expanded.id} user={expanded} onClose={() => setExpandedId(null)} />
              ) : null
            }
          />
        )}
      </PagedList>
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
