import { useEffect } from 'react';
import { Button } from '@pitclock/design-system';
import { PagedList } from '../../lib/paged-list';
import { SearchBox } from '../../lib/search-box';
import { useListState } from '../../lib/use-list-state';
import { SIGNUP_EVENTS_TEXT as T } from './messages';
import { useSignupEventsPageQuery } from './signup-events-api';
import { SignupEventsTable } from './signup-events-table';
import { SignupFiltersForm } from './signup-filters-form';
import { SIGNUP_EVENTS_LIST, appliedOf, filtersOf, toSignupQuery } from './signup-filters-rules';
import '../../lib/admin-screen.css';
import './signup-events.css';

/**
 * /admin/signup-events (SPEC.md section 2): a search, the filters, then the events in pages of 100
 * (newest first, sortable by column) with Previous and Next; search, filters, sort and page are in the
 * URL. A failed load is logged (SPEC.md section 8) and said in a red banner: above the rows of an earlier
 * load when there are some (they stay), in place of the empty state when there are none.
 */
export function SignupEventsScreen() {
  const list = useListState(SIGNUP_EVENTS_LIST);
  const filters = filtersOf(list.filters);
  const result = useSignupEventsPageQuery({ ...list.args, ...toSignupQuery(filters) });

  useEffect(() => {
    if (result.error) console.error(T.logFailed, result.error);
  }, [result.error]);

  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-signup">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
        <Button variant="secondary" loading={result.isFetching} onClick={() => void result.refetch()}>
          {T.refresh}
        </Button>
      </header>

      <SearchBox
        label={T.searchLabel}
        value={list.q}
        onSearch={list.search}
        placeholder={T.searchPlaceholder}
      />
      <SignupFiltersForm applied={filters} onApply={(next) => list.filter(appliedOf(next))} />

      <PagedList
        result={result}
        texts={T}
        q={list.q}
        filtered={Object.keys(list.filters).length > 0}
        cursor={list.cursor}
        onPage={list.goTo}
      >
        {(events) => <SignupEventsTable events={events} sort={list.sort} onSortChange={list.sortBy} />}
      </PagedList>
    </div>
  );
}
