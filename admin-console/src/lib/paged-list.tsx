import { useEffect, useRef, type ReactNode } from 'react';
import type { PageAnswer } from '@pitclock/contracts/schemas';
import { EmptyState, Spinner } from '@pitclock/design-system';
import { countText, type CountNoun } from './count-text';
import { FailureBanner } from './failure-banner';
import { Pager } from './pager';

/** What a list says in each of its states. */
export type ListTexts = {
  /** What the count counts ('1,234 users'). */
  noun: CountNoun;
  /** The spinner's label on the first load ('Loading users'). */
  loading: string;
  /** The red banner's title when a load fails with no rows to show (SPEC.md section 8's text where it has one). */
  loadFailed: string;
  /** The red banner's title when a load fails above the rows of an earlier load. */
  staleRows: string;
  /** The empty state's title (SPEC.md's text where it has one). */
  empty: string;
  /** Under the empty state's title when a search or filter is in force: 'No users match "ann".' (q may be ''). */
  noMatch: (q: string) => string;
  /** The name of the Previous/Next navigation ('Pages of users'). */
  pages: string;
};

/** What PagedList reads of an RTK Query result of a page endpoint. */
export type PageResult<Row> = {
  /** The last page that loaded (it stays while another loads or after a failed load). */
  data?: PageAnswer<Row> | undefined;
  error?: unknown;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
};

export type PagedListProps<Row> = {
  result: PageResult<Row>;
  texts: ListTexts;
  /** The search in force ('' for none). */
  q: string;
  /** Whether filters besides the search are in force (an empty page then says nothing matches). */
  filtered?: boolean;
  /** The page's cursor (a new one scrolls the list's top into view). */
  cursor?: string | undefined;
  onPage: (cursor: string) => void;
  /** The table of the page's rows. */
  children: (rows: readonly Row[]) => ReactNode;
  /** Says a failed load (default a FailureBanner with `title` and the server's text). */
  failure?: (title: string, error: unknown) => ReactNode;
};

const failureBanner = (title: string, error: unknown) => <FailureBanner title={title} error={error} />;

/**
 * One page of an admin list in its states: a spinner on the first load; the count ('1,234 users',
 * '10,000+ users'), the table and Previous/Next; the empty state (with 'nothing matches' under a search or
 * filter); a red banner when a load fails, above the rows of an earlier load when there are some (they
 * stay), in place of the empty state when there are none. While another page loads the rows shown stay,
 * marked busy.
 */
export function PagedList<Row>({
  result,
  texts,
  q,
  filtered = false,
  cursor,
  onPage,
  children,
  failure = failureBanner,
}: PagedListProps<Row>) {
  const top = useRef<HTMLDivElement>(null);
  const page = result.data;
  const rows = page?.data ?? [];
  const failed = result.isError && !result.isFetching;

  // Another page: its top comes into view (Next sits under a long list).
  const shownCursor = useRef(cursor);
  useEffect(() => {
    if (shownCursor.current === cursor) return;
    shownCursor.current = cursor;
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) top.current?.scrollIntoView?.({ block: 'start' });
  }, [cursor]);

  if (result.isLoading) return <Spinner label={texts.loading} />;
  const banner = failed ? failure(rows.length > 0 ? texts.staleRows : texts.loadFailed, result.error) : null;
  if (page === undefined || (rows.length === 0 && failed)) return banner;
  if (rows.length === 0) {
    const searched = q !== '' || filtered;
    return (
      <EmptyState
        title={texts.empty}
        text={searched ? texts.noMatch(q) : undefined}
        aria-busy={result.isFetching || undefined}
      />
    );
  }
  return (
    <div ref={top} className="admin-list" aria-busy={result.isFetching || undefined}>
      {banner}
      <p className="admin-list__count" aria-live="polite">
        {countText(page.total, page.total_exact, texts.noun)}
        {result.isFetching ? <Spinner size="sm" decorative /> : null}
      </p>
      <div className="admin-list__rows">{children(rows)}</div>
      <Pager
        prevCursor={page.prev_cursor}
        nextCursor={page.next_cursor}
        onPage={onPage}
        label={texts.pages}
      />
    </div>
  );
}
