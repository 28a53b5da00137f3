import { useEffect, useState } from 'react';
import { Button, EmptyState, Spinner } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { SIGNUP_EVENTS_TEXT as T } from './messages';
import { useGetSignupEventsInfiniteQuery } from './signup-events-api';
import { SignupEventsTable } from './signup-events-table';
import { SignupFiltersForm } from './signup-filters-form';
import { NO_FILTERS, type SignupFilters } from './signup-filters-rules';
import '../../lib/admin-screen.css';
import './signup-events.css';

/**
 * /admin/signup-events (SPEC.md section 2): filters, then the events in pages of 100 with Load more.
 * A failed load is logged (SPEC.md section 8) and said in a red banner: above the rows of an earlier load
 * when there are some (they stay), in place of the empty state when there are none.
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

      {result.isError && !result.isFetching ? (
        <FailureBanner title={events.length > 0 ? T.staleRows : T.logFailed} error={result.error} />
      ) : null}
      {result.isLoading ? (
        <Spinner label={T.loading} />
      ) : events.length === 0 ? (
        result.isError ? null : (
          <EmptyState title={T.empty} />
        )
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
