import { Controller, type UseFormReturn } from 'react-hook-form';
import { NumberField, Select, TextField } from '@pitclock/design-system';
import { WALK_TIME_MAX, WALK_TIME_MIN, type ContestFormInput, type ContestValues } from '../../domain';
import type { Contest, SanctioningBody } from '../../store';

/** The cook-off form (domain contestSchema): its fields as they are filled in, and what it sends. */
export type ContestForm = UseFormReturn<ContestFormInput, unknown, ContestValues>;

/** The form's values for a new cook-off dated `today`, or for editing `contest`. */
export function contestFormValues(today: string, contest?: Contest): ContestFormInput {
  return {
    contest_date: contest?.contest_date ?? today,
    name: contest?.name ?? '',
    sanctioning_body_id: contest?.sanctioning_body_id ?? '',
    location: contest?.location ?? '',
    walk_time_adjust_minutes: contest?.walk_time_adjust_minutes ?? 0,
  };
}

export type ContestFieldsProps = {
  form: ContestForm;
  bodies: readonly SanctioningBody[];
};

/**
 * Date, Name, Sanctioning Body, Location and Walk Time Adjustment (0-20, clamped on blur). Of the errors,
 * only the name's shows (Create and Save are disabled without a sanctioning body).
 */
export function ContestFields({ form, bodies }: ContestFieldsProps) {
  const { register, control, formState } = form;
  return (
    <>
      <TextField {...register('contest_date')} label="Date" type="date" />
      <TextField {...register('name')} label="Name" required error={formState.errors.name?.message} />
      <Controller
        control={control}
        name="sanctioning_body_id"
        render={({ field }) => (
          <Select
            {...field}
            label="Sanctioning Body"
            required
            placeholder="Choose a sanctioning body"
            options={bodies.map((b) => ({ value: b.id, label: b.name }))}
          />
        )}
      />
      <TextField {...register('location')} label="Location" placeholder="e.g. Odessa, TX" />
      <Controller
        control={control}
        name="walk_time_adjust_minutes"
        render={({ field }) => (
          <NumberField
            ref={field.ref}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            label="Walk Time Adjustment"
            hint="Minutes (0-20) every step moves earlier to walk to the judges' tent."
            min={WALK_TIME_MIN}
            max={WALK_TIME_MAX}
            step={1}
            clampOnBlur
            emptyValue={0}
          />
        )}
      />
    </>
  );
}
