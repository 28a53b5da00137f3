import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, NumberField, Select, TextField } from '@pitclock/design-system';
import { CONTEST_MESSAGES, WALK_TIME_MAX, WALK_TIME_MIN } from '../../domain';
import { updateContest, useCookDispatch, type Contest, type SanctioningBody } from '../../store';
import { operationMessage } from '../../lib/operation-message';

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
  const [date, setDate] = useState(contest.contest_date);
  const [name, setName] = useState(contest.name);
  const [body, setBody] = useState(contest.sanctioning_body_id ?? '');
  const [location, setLocation] = useState(contest.location ?? '');
  const [walk, setWalk] = useState<number | null>(contest.walk_time_adjust_minutes);
  const [busy, setBusy] = useState(false);
  const nameError = name.trim() === '' ? CONTEST_MESSAGES.nameRequired : undefined;

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (nameError || body === '' || busy) return;
    setBusy(true);
    try {
      await dispatch(
        updateContest({
          id: contest.id,
          contest_date: date,
          name,
          sanctioning_body_id: body,
          location,
          walk_time_adjust_minutes: walk ?? 0,
        }),
      ).unwrap();
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
      onSubmit={save}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
      noValidate
    >
      <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <TextField
        ref={nameRef}
        label="Name"
        value={name}
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <Select
        label="Sanctioning Body"
        value={body}
        placeholder="Choose a sanctioning body"
        options={bodies.map((b) => ({ value: b.id, label: b.name }))}
        onChange={(e) => setBody(e.target.value)}
      />
      <TextField
        label="Location"
        placeholder="e.g. Odessa, TX"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      <NumberField
        label="Walk Time Adjustment"
        value={walk}
        min={WALK_TIME_MIN}
        max={WALK_TIME_MAX}
        step={1}
        clampOnBlur
        emptyValue={0}
        onValueChange={setWalk}
      />
      <div className="pc-contests-edit__actions">
        <Button type="submit" loading={busy} disabled={Boolean(nameError) || body === ''}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
