import type { Ref } from 'react';
import { NumberField, Select, TextField } from '@pitclock/design-system';
import { WALK_TIME_MAX, WALK_TIME_MIN } from '../../domain';
import type { SanctioningBody } from '../../store';

/** What the cook-off form holds while it is being filled in. */
export type ContestDraft = {
  contest_date: string;
  name: string;
  sanctioning_body_id: string;
  location: string;
  walk_time_adjust_minutes: number | null;
};

export type ContestFieldsProps = {
  draft: ContestDraft;
  onChange: (patch: Partial<ContestDraft>) => void;
  bodies: readonly SanctioningBody[];
  nameError?: string;
  nameRef?: Ref<HTMLInputElement>;
  onNameBlur?: () => void;
};

/** Date, Name, Sanctioning Body, Location and Walk Time Adjustment (0-20, clamped on blur). */
export function ContestFields({
  draft,
  onChange,
  bodies,
  nameError,
  nameRef,
  onNameBlur,
}: ContestFieldsProps) {
  return (
    <>
      <TextField
        label="Date"
        type="date"
        value={draft.contest_date}
        onChange={(e) => onChange({ contest_date: e.target.value })}
      />
      <TextField
        ref={nameRef}
        label="Name"
        value={draft.name}
        required
        error={nameError}
        onChange={(e) => onChange({ name: e.target.value })}
        onBlur={onNameBlur}
      />
      <Select
        label="Sanctioning Body"
        required
        value={draft.sanctioning_body_id}
        placeholder="Choose a sanctioning body"
        options={bodies.map((b) => ({ value: b.id, label: b.name }))}
        onChange={(e) => onChange({ sanctioning_body_id: e.target.value })}
      />
      <TextField
        label="Location"
        placeholder="e.g. Odessa, TX"
        value={draft.location}
        onChange={(e) => onChange({ location: e.target.value })}
      />
      <NumberField
        label="Walk Time Adjustment"
        hint="Minutes (0-20) every step moves earlier to walk to the judges' tent."
        value={draft.walk_time_adjust_minutes}
        min={WALK_TIME_MIN}
        max={WALK_TIME_MAX}
        step={1}
        clampOnBlur
        emptyValue={0}
        onValueChange={(walk_time_adjust_minutes) => onChange({ walk_time_adjust_minutes })}
      />
    </>
  );
}

/** The draft as the store's addContest and updateContest take it. */
export function contestFieldsOf(draft: ContestDraft) {
  return { ...draft, walk_time_adjust_minutes: draft.walk_time_adjust_minutes ?? 0 };
}
