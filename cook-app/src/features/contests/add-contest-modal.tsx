import { useState, type FormEvent } from 'react';
import { Banner, Button, Modal, NumberField, Select, TextField } from '@pitclock/design-system';
import { CONTEST_MESSAGES, canCreateContest, WALK_TIME_MAX, WALK_TIME_MIN } from '../../domain';
import { addContest, selectSanctioningBodies, useCookDispatch, useCookSelector } from '../../store';
import { operationMessage } from '../../lib/operation-message';

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
  const [date, setDate] = useState(today);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [body, setBody] = useState('');
  const [location, setLocation] = useState('');
  const [walk, setWalk] = useState<number | null>(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canCreate = canCreateContest({ name, sanctioning_body_id: body });
  const nameError = nameTouched && name.trim() === '' ? CONTEST_MESSAGES.nameRequired : undefined;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (name.trim() === '') {
      setNameTouched(true);
      return;
    }
    if (!canCreate || busy) return;
    setBusy(true);
    setError(null);
    try {
      const created = await dispatch(
        addContest({
          contest_date: date,
          name,
          sanctioning_body_id: body,
          location,
          walk_time_adjust_minutes: walk ?? 0,
        }),
      ).unwrap();
      onCreated?.(created.id);
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, 'Failed to create cook-off'));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Add Cook-off"
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="pc-contests-add-form" disabled={!canCreate} loading={busy}>
            Create
          </Button>
        </>
      }
    >
      <form id="pc-contests-add-form" className="pc-contests-form" onSubmit={submit} noValidate>
        {error ? <Banner tone="red">{error}</Banner> : null}
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField
          label="Name"
          value={name}
          required
          error={nameError}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setNameTouched(true)}
        />
        <Select
          label="Sanctioning Body"
          required
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
          hint="Minutes (0-20) every step moves earlier to walk to the judges' tent."
          value={walk}
          min={WALK_TIME_MIN}
          max={WALK_TIME_MAX}
          step={1}
          clampOnBlur
          emptyValue={0}
          onValueChange={setWalk}
        />
      </form>
    </Modal>
  );
}
