import { LEDGER_PAGE, type CreditsPageResponse } from '@pitclock/contracts/schemas';
import type { ListSpec } from './list-state';
import { LEDGER_TEXT, LedgerTable } from './ledger-table';
import { PagedList, type ListTexts, type PageResult } from './paged-list';
import { SearchBox } from './search-box';
import type { ListControls } from './use-list-state';

export type LedgerColumn = keyof typeof LEDGER_PAGE.columns;

/** Rows of a ledger page. */
export const LEDGER_LIMIT = 20;

export type LedgerListTexts = ListTexts & { search: string; searchPlaceholder: string };

export const LEDGER_LIST_TEXT: LedgerListTexts = {
  noun: { one: 'entry', other: 'entries' },
  loading: 'Loading credits',
  loadFailed: 'Failed to load credits',
  staleRows: 'Failed to load credits: the rows below are from an earlier load.',
  empty: LEDGER_TEXT.empty,
  noMatch: (q: string) => `No ledger entries match "${q}".`,
  pages: 'Pages of the ledger',
  search: 'Search the ledger',
  searchPlaceholder: 'Reason, e.g. activation',
};

/** The spec of a ledger list under `prefix` in the URL: newest first. */
export const ledgerListSpec = (prefix: string): ListSpec<LedgerColumn> => ({
  prefix,
  page: LEDGER_PAGE,
  limit: LEDGER_LIMIT,
});

export type LedgerListProps = {
  list: ListControls<LedgerColumn>;
  /** The user's ledger page (the caller shows its balance too). */
  result: PageResult<CreditsPageResponse['data'][number]>;
  caption: string;
  texts?: Partial<LedgerListTexts>;
};

/** A user's credit ledger: a search (the reason), the page with sortable headers, Previous/Next. */
export function LedgerList({ list, result, caption, texts }: LedgerListProps) {
  const t = { ...LEDGER_LIST_TEXT, ...texts };
  return (
    <div className="admin-list-section">
      <SearchBox label={t.search} value={list.q} onSearch={list.search} placeholder={t.searchPlaceholder} />
      <PagedList result={result} texts={t} q={list.q} cursor={list.cursor} onPage={list.goTo}>
        {(entries) => (
          <LedgerTable entries={entries} caption={caption} sort={list.sort} onSortChange={list.sortBy} />
        )}
      </PagedList>
    </div>
  );
}
