import { useState } from 'react';
import { Banner, Button } from '@pitclock/design-system';
import { asAdminError } from '../../lib/failure-banner';
import { PagedList } from '../../lib/paged-list';
import { SearchBox } from '../../lib/search-box';
import { useListState } from '../../lib/use-list-state';
import type { AdminError } from '../../store';
import { accessText } from './access-text';
import { CreatePromoForm } from './create-promo-form';
import { PROMO_CODES_TEXT as T } from './messages';
import { usePromoCodesPageQuery } from './promo-codes-api';
import { PROMO_CODES_LIST } from './promo-codes-list';
import { PromoCodesTable } from './promo-codes-table';
import '../../lib/admin-screen.css';
import './promo-codes.css';

export type PromoCodesScreenProps = {
  /** Epoch milliseconds now (default Date.now): what "expired" is judged against. */
  now?: () => number;
};

/** A failed call as a banner: the access texts of SPEC.md section 6, else `title` with the server's text. */
function FailureBanner({
  error,
  title,
  onDismiss,
}: {
  error: AdminError;
  title: string;
  onDismiss?: () => void;
}) {
  const access = accessText(error);
  return (
    <Banner tone="red" title={access ?? title} onDismiss={onDismiss}>
      {access ? undefined : error.message}
    </Banner>
  );
}

/**
 * /admin/promo-codes (SPEC.md section 2): the create form, a filter box (part of the code, searched on
 * the server), the codes a page at a time with copy, uses, remaining uses, expiry, status and
 * enable/disable, sortable by code and uses, and a Refresh button. Filter, sort and page are in the URL.
 */
export function PromoCodesScreen({ now = Date.now }: PromoCodesScreenProps) {
  const list = useListState(PROMO_CODES_LIST);
  const page = usePromoCodesPageQuery(list.args);
  const [toggleError, setToggleError] = useState<AdminError | null>(null);

  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-promo">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
        <Button variant="secondary" loading={page.isFetching} onClick={() => void page.refetch()}>
          {T.refresh}
        </Button>
      </header>

      <CreatePromoForm />

      <div className="admin-promo__list">
        <SearchBox
          label={T.filterLabel}
          value={list.q}
          onSearch={list.search}
          placeholder={T.filterPlaceholder}
          className="admin-promo__filter"
        />
        {toggleError ? (
          <FailureBanner error={toggleError} title={T.toggleFailed} onDismiss={() => setToggleError(null)} />
        ) : null}
        <PagedList
          result={page}
          texts={T}
          q={list.q}
          cursor={list.cursor}
          onPage={list.goTo}
          failure={(title, error) => <FailureBanner error={asAdminError(error)} title={title} />}
        >
          {(rows) => (
            <PromoCodesTable
              rows={rows}
              now={now()}
              onToggleError={setToggleError}
              sort={list.sort}
              onSortChange={list.sortBy}
            />
          )}
        </PagedList>
      </div>
    </div>
  );
}
