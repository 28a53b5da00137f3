import { useEffect, useState } from 'react';
import { Button, EmptyState, Spinner } from '@pitclock/design-system';
import { SIGNUP_EVENTS_TEXT as T } from './messages';
import { useGetSignupEventsInfiniteQuery } from './signup-events-api';
import { SignupEventsTable } from './signup-events-table';
import { SignupFiltersForm } from './signup-filters-form';
import { NO_FILTERS, type SignupFilters } from './signup-filters-rules';
import '../../lib/admin-screen.css';
import './signup-events.css';

/**
 * /admin/signup-events (SPEC.md section 2): filters, then the events in pages of 100 with Load more.
 * A failed load is only logged (SPEC.md section 8): the screen shows what it has, or the empty state.
 */
export function SignupEventsScreen() {
  const [filters, setFilters] = useState<SignupFilters>(NO_FILTERS);
  const result = useGetSignupEventsInfiniteQuery(filters);
  const events = result.data?.pages.flat() ?? [];

  useEffect(() => {
    if (result.error) console.error(T.logFailed, result.error);
  }, [result.error]);

  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-signup">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
        <Button
          variant="secondary"
          loading={result.isFetching && !result.isFetchingNextPage}
          onClick={() => void result.refetch()}
        >
          {T.refresh}
        </Button>
      </header>

      <SignupFiltersForm onApply={setFilters} />

      {result.isLoading ? (
        <Spinner label={T.loading} />
      ) : events.length === 0 ? (
        <EmptyState title={T.empty} />
      ) : (
        <div className="admin-signup__list">
          <p className="admin-muted admin-signup__count" aria-live="polite">
            {T.shown(events.length)}
          </p>
          <SignupEventsTable events={events} />
          {result.hasNextPage ? (
            <Button
              variant="secondary"
              className="admin-signup__more"
              loading={result.isFetchingNextPage}
              disabled={result.isFetchingNextPage}
              onClick={() => void result.fetchNextPage()}
            >
              {T.loadMore}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
