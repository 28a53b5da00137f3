import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@pitclock/design-system';
import { CONTEST_MESSAGES } from '../../domain';
import { updateContest, useCookDispatch, type Contest, type SanctioningBody } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { ContestFields, contestFieldsOf, type ContestDraft } from './contest-fields';

export type ContestEditRowProps = {
  contest: Contest;
  bodies: readonly SanctioningBody[];
  onDone: () => void;
  onError: (message: string | null) => void;
};

/** Inline edit of a cook-off row: date, name, sanctioning body, location, walk time 0-20, Save, Cancel. */
export function ContestEditRow({ contest, bodies, onDone, onError }: ContestEditRowProps) {
  const dispatch = useCookDispatch();
  const nameRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<ContestDraft>({
    contest_date: contest.contest_date,
    name: contest.name,
    sanctioning_body_id: contest.sanctioning_body_id ?? '',
    location: contest.location ?? '',
    walk_time_adjust_minutes: contest.walk_time_adjust_minutes,
  });
  const [busy, setBusy] = useState(false);
  const nameError = draft.name.trim() === '' ? CONTEST_MESSAGES.nameRequired : undefined;
  const incomplete = Boolean(nameError) || draft.sanctioning_body_id === '';

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (incomplete || busy) return;
    setBusy(true);
    try {
      await dispatch(updateContest({ id: contest.id, ...contestFieldsOf(draft) })).unwrap();
      onError(null);
      onDone();
    } catch (failure) {
      onError(operationMessage(failure, 'Failed to save cook-off'));
      setBusy(false);
    }
  };

  return (
    <form
      className="pc-contests-edit"
      aria-label={`Edit ${contest.name}`}
      onSubmit={(event) => void save(event)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
      noValidate
    >
      <ContestFields
        draft={draft}
        onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
        bodies={bodies}
        nameError={nameError}
        nameRef={nameRef}
      />
      <div className="pc-contests-edit__actions">
        <Button type="submit" loading={busy} disabled={incomplete}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
