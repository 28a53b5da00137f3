import { useState } from 'react';
import { Banner, FormDialog } from '@pitclock/design-system';
import { CONTEST_MESSAGES, canCreateContest } from '../../domain';
import { addContest, selectSanctioningBodies, useCookDispatch, useCookSelector } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { ContestFields, contestFieldsOf, type ContestDraft } from './contest-fields';

export type AddContestModalProps = {
  open: boolean;
  onClose: () => void;
  /** Today's date (YYYY-MM-DD) in the device's time zone: the default date. */
  today: string;
  onCreated?: (id: string) => void;
};

/** Add Cook-off (SPEC.md section 2 and 5): Date, Name, Sanctioning Body, Location, Walk Time Adjustment. */
export function AddContestModal({ open, onClose, today, onCreated }: AddContestModalProps) {
  return open ? <AddContestForm onClose={onClose} today={today} onCreated={onCreated} /> : null;
}

function AddContestForm({ onClose, today, onCreated }: Omit<AddContestModalProps, 'open'>) {
  const dispatch = useCookDispatch();
  const bodies = useCookSelector(selectSanctioningBodies);
  const [draft, setDraft] = useState<ContestDraft>({
    contest_date: today,
    name: '',
    sanctioning_body_id: '',
    location: '',
    walk_time_adjust_minutes: 0,
  });
  const [nameTouched, setNameTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canCreate = canCreateContest(draft);
  const nameError = nameTouched && draft.name.trim() === '' ? CONTEST_MESSAGES.nameRequired : undefined;

  const submit = async () => {
    if (draft.name.trim() === '') {
      setNameTouched(true);
      return;
    }
    if (!canCreate || busy) return;
    setBusy(true);
    setError(null);
    try {
      const created = await dispatch(addContest(contestFieldsOf(draft))).unwrap();
      onCreated?.(created.id);
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, 'Failed to create cook-off'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Add Cook-off"
      submitLabel="Create"
      submitDisabled={!canCreate}
      busy={busy}
      onSubmit={() => void submit()}
      formClassName="pc-contests-form"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <ContestFields
        draft={draft}
        onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
        bodies={bodies}
        nameError={nameError}
        onNameBlur={() => setNameTouched(true)}
      />
    </FormDialog>
  );
}
