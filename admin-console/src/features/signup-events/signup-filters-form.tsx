import { useState, type FormEvent } from 'react';
import { Button, Select, TextField } from '@pitclock/design-system';
import { SIGNUP_EVENTS_TEXT as T } from './messages';
import {
  NO_FILTERS,
  datesOutOfOrder,
  trimFilters,
  type OutcomeFilter,
  type SignupFilters,
} from './signup-filters-rules';

const TITLE_ID = 'admin-signup-filters-title';

const OUTCOMES = (['any', 'success', 'error'] as const).map((value) => ({ value, label: T.outcomes[value] }));

export type SignupFiltersFormProps = {
  /** The filters in force (the list's, from the URL): the form follows them when they change elsewhere (Back). */
  applied: SignupFilters;
  /** Called with the trimmed filters on Search (or Enter), and with no filters on Clear. */
  onApply: (filters: SignupFilters) => void;
};

const sameFilters = (a: SignupFilters, b: SignupFilters) =>
  (Object.keys(a) as (keyof SignupFilters)[]).every((key) => a[key] === b[key]);

/** The filters of SPEC.md section 2: email, outcome, IP, platform, from and to dates. */
export function SignupFiltersForm({ applied, onApply }: SignupFiltersFormProps) {
  const [draft, setDraft] = useState<SignupFilters>(applied);
  const [shown, setShown] = useState<SignupFilters>(applied);
  const [datesWrong, setDatesWrong] = useState(false);
  // The filters in force changed from outside (Back, Forward, a link): the form shows them.
  if (!sameFilters(applied, shown)) {
    setShown(applied);
    if (!sameFilters(trimFilters(draft), applied)) {
      setDraft(applied);
      setDatesWrong(false);
    }
  }
  const set = (change: Partial<SignupFilters>) => {
    setDraft((now) => ({ ...now, ...change }));
    setDatesWrong(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (datesOutOfOrder(draft)) {
      setDatesWrong(true);
      return;
    }
    onApply(trimFilters(draft));
  };

  const clear = () => {
    setDraft(NO_FILTERS);
    setDatesWrong(false);
    onApply(NO_FILTERS);
  };

  return (
    <form className="admin-panel" role="search" aria-labelledby={TITLE_ID} onSubmit={submit} noValidate>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.filtersTitle}
      </h2>
      <div className="admin-form-grid">
        <TextField
          label={T.emailLabel}
          type="search"
          inputMode="email"
          autoComplete="off"
          placeholder={T.emailPlaceholder}
          value={draft.email}
          onChange={(event) => set({ email: event.target.value })}
        />
        <Select
          label={T.outcomeLabel}
          options={OUTCOMES}
          value={draft.outcome}
          onChange={(event) => set({ outcome: event.target.value as OutcomeFilter })}
        />
        <TextField
          label={T.ipLabel}
          autoComplete="off"
          spellCheck={false}
          value={draft.ip}
          onChange={(event) => set({ ip: event.target.value })}
        />
        <TextField
          label={T.platformLabel}
          autoComplete="off"
          placeholder={T.platformPlaceholder}
          value={draft.platform}
          onChange={(event) => set({ platform: event.target.value })}
        />
        <TextField
          label={T.fromLabel}
          type="date"
          max={draft.to || undefined}
          value={draft.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextField
          label={T.toLabel}
          type="date"
          min={draft.from || undefined}
          value={draft.to}
          error={datesWrong ? T.datesOutOfOrder : undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
        <div className="admin-form-actions">
          <Button type="submit">{T.search}</Button>
          <Button variant="secondary" onClick={clear}>
            {T.clear}
          </Button>
        </div>
      </div>
    </form>
  );
}
