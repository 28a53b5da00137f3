import { useState } from 'react';
import { Banner, Button, EmptyState, Spinner, TextField } from '@pitclock/design-system';
import type { AdminError } from '../../store';
import { accessText } from './access-text';
import { CreatePromoForm } from './create-promo-form';
import { PROMO_CODES_TEXT as T } from './messages';
import { useGetPromoCodesQuery } from './promo-codes-api';
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
 * /admin/promo-codes (SPEC.md section 2): the create form, a filter box, the codes with copy, uses,
 * remaining uses, expiry, status and enable/disable, and a Refresh button.
 */
export function PromoCodesScreen({ now = Date.now }: PromoCodesScreenProps) {
  const list = useGetPromoCodesQuery();
  const [filter, setFilter] = useState('');
  const [toggleError, setToggleError] = useState<AdminError | null>(null);

  const needle = filter.trim().toUpperCase();
  // An unreadable row has no code to match: it shows only while no filter is typed.
  const rows = (list.data ?? []).filter((row) =>
    row.kind === 'code' ? row.code.code.toUpperCase().includes(needle) : needle === '',
  );
  const loadError = list.isError ? (list.error as AdminError) : null;

  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-promo">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
        <Button variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
          {T.refresh}
        </Button>
      </header>

      <CreatePromoForm />

      <div className="admin-promo__list">
        <TextField
          label={T.filterLabel}
          type="search"
          placeholder={T.filterPlaceholder}
          autoComplete="off"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          wrapperClassName="admin-promo__filter"
        />
        {loadError ? <FailureBanner error={loadError} title={T.loadFailed} /> : null}
        {toggleError ? (
          <FailureBanner error={toggleError} title={T.toggleFailed} onDismiss={() => setToggleError(null)} />
        ) : null}
        {list.isLoading ? (
          <Spinner label={T.loading} />
        ) : rows.length > 0 ? (
          <PromoCodesTable rows={rows} now={now()} onToggleError={setToggleError} />
        ) : loadError && !list.data ? null : (
          <EmptyState title={T.empty} headingLevel={2} />
        )}
      </div>
    </div>
  );
}
