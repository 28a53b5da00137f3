import type { AuditAction } from '@pitclock/contracts/schemas';
import { Button, Select } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { PagedList, type ListTexts } from '../../lib/paged-list';
import { SearchBox } from '../../lib/search-box';
import { useListState } from '../../lib/use-list-state';
import { useUsersByIds } from '../../lib/users-api';
import { useAuditPageQuery } from './audit-api';
import { AUDIT_LISTS } from './audit-lists';
import { personOf, withPeople, type AuditPerson } from './audit-people';
import { ACTION_LABELS, AREA_ACTIONS, userIdsOf, type AuditArea } from './audit-rows';
import { AuditTable } from './audit-table';
import { AUDIT_TEXT as T } from './messages';

/** What the list says: under a search or filter its empty state says that nothing matches, and only that. */
const textsOf = (q: string, searched: boolean): ListTexts => ({
  ...T,
  empty: searched ? T.noMatch(q) : T.empty,
  noMatch: () => '',
});

const subjectName = (person: AuditPerson, id: number): string =>
  person.state === 'found'
    ? person.email
    : person.state === 'unknown'
      ? `${T.unknownUser} (${T.subjectUser(id)})`
      : T.subjectUser(id);

export type AuditTrailPanelProps = {
  trail: AuditArea;
  /** Only the actions on this user (the URL's subject), or null for all. */
  subject: number | null;
  onClearSubject: () => void;
};

/**
 * One trail: its search, action filter, and entries in pages (newest first, sortable by time and
 * action), with who acted and whom it concerned looked up in one request per page. Read-only.
 */
export function AuditTrailPanel({ trail, subject, onClearSubject }: AuditTrailPanelProps) {
  const list = useListState(AUDIT_LISTS[trail]);
  const action = list.filters.action as AuditAction | undefined;
  // Fetched again on every visit: entries are added by every admin action, which do not invalidate them.
  const result = useAuditPageQuery(
    {
      trail,
      ...list.args,
      ...(action === undefined ? {} : { action }),
      ...(subject === null ? {} : { subject_user_id: subject }),
    },
    { refetchOnMountOrArgChange: true },
  );
  const entries = result.data?.data;
  const users = useUsersByIds(
    entries === undefined ? [] : [...userIdsOf(entries), ...(subject === null ? [] : [subject])],
  );
  const lookup = { byId: users.byId, failed: users.isError && !users.isFetching };
  const page = result.data && { ...result.data, data: withPeople(result.data.data, lookup) };
  const filtered = action !== undefined || subject !== null;

  return (
    <div className="admin-list-section">
      {subject === null ? null : (
        <div className="admin-audit__subject">
          <p>
            {T.subjectLine}{' '}
            <strong className="admin-break">{subjectName(personOf(subject, lookup), subject)}</strong>
          </p>
          <Button variant="secondary" onClick={onClearSubject}>
            {T.clearSubject}
          </Button>
        </div>
      )}
      <div className="admin-list-tools">
        <SearchBox
          label={T.searchLabel}
          value={list.q}
          onSearch={list.search}
          placeholder={T.searchPlaceholder}
        />
        <Select
          label={T.actionLabel}
          placeholder={T.anyAction}
          options={AREA_ACTIONS[trail].map((value) => ({ value, label: ACTION_LABELS[value] }))}
          value={action ?? ''}
          onChange={(event) => list.filter({ action: event.target.value })}
        />
        <Button
          variant="secondary"
          className="admin-audit__refresh"
          loading={result.isFetching}
          onClick={() => void result.refetch()}
        >
          {T.refresh}
        </Button>
      </div>
      {lookup.failed ? <FailureBanner title={T.usersFailed} error={users.error} /> : null}
      <PagedList
        result={{ ...result, data: page }}
        texts={textsOf(list.q, list.q !== '' || filtered)}
        q={list.q}
        filtered={filtered}
        cursor={list.cursor}
        onPage={list.goTo}
      >
        {(rows) => (
          <AuditTable
            entries={rows}
            caption={T.captions[trail]}
            sort={list.sort}
            onSortChange={list.sortBy}
          />
        )}
      </PagedList>
    </div>
  );
}
