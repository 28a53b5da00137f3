import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Banner, FormDialog, TimeInput } from '@pitclock/design-system';
import {
  customCompletionSchema,
  hhmmInZone,
  parseHhMm,
  readDueAt,
  validated,
  VALIDATION_MESSAGES,
  type CompletionTimeMode,
} from '../../domain';
import {
  completeStep,
  CUSTOM_TIME_FIELD,
  FAILURE_MESSAGES,
  useCookDispatch,
  type RunStep,
} from '../../store';
import { useDateFormat } from '../../lib/display-prefs';
import { operationField, operationMessage } from '../../lib/operation-message';
import { timeInputBinding, unlessSubmitting } from '../../lib/form-fields';
import { RUN_TEXT } from './messages';

/**
 * The completion form: a time mode, the custom time as typed (checked only in the custom mode, against the
 * step's scheduled day) and a note. It sends the custom time as 'HH:MM' (the store places it on the day);
 * the store names a refused custom time by the same field (CUSTOM_TIME_FIELD).
 */
function completeFormSchema(scheduledAtIso: string | null | undefined, timeZone: string) {
  const customAt = customCompletionSchema(scheduledAtIso, timeZone);
  const fields = z.object({
    time_mode: z.enum(['scheduled', 'now', 'custom']),
    custom_at: z.string(),
    note: z.string(),
  });
  return z.pipe(
    fields.check(
      z.superRefine((values, ctx) => {
        if (values.time_mode !== 'custom') return;
        const checked = validated(customAt, values.custom_at);
        if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['custom_at'], message: checked.error });
      }),
    ),
    z.transform((values: z.output<typeof fields>) => ({
      ...values,
      custom_at: values.time_mode === 'custom' ? parseHhMm(values.custom_at) : null,
    })),
  );
}
type CompleteFormSchema = ReturnType<typeof completeFormSchema>;
type CompleteValues = z.output<CompleteFormSchema>;

export type CompleteDialogProps = {
  step: RunStep;
  now: () => number;
  timeZone: string;
  onClose: () => void;
  /** After the store completed the step. */
  onCompleted: (step: RunStep) => void;
};

/**
 * Complete a step: at its scheduled time, now, or a custom HH:MM on the scheduled day; with an optional
 * note. The custom time's errors ('Please pick a valid time (HH:MM).', 'This step has no scheduled time
 * to anchor the date.') show beside the field from a submit until the time or the mode changes.
 */
export function CompleteDialog({ step, now, timeZone, onClose, onCompleted }: CompleteDialogProps) {
  const dispatch = useCookDispatch();
  const id = useId();
  const format = useDateFormat();
  const due = readDueAt(step);
  const schema = useMemo(
    () => completeFormSchema(step.scheduled_at, timeZone),
    [step.scheduled_at, timeZone],
  );
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setError: setFieldError,
    formState,
  } = useForm<z.input<CompleteFormSchema>, unknown, CompleteValues>({
    resolver: zodResolver(schema),
    // The time field's value: 24-hour 'HH:MM' whatever the locale.
    defaultValues: { time_mode: 'now', custom_at: hhmmInZone(now(), timeZone), note: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const mode = useWatch({ control, name: 'time_mode' });

  const complete = async (values: CompleteValues) => {
    try {
      onCompleted(await dispatch(completeStep({ step_id: step.id, ...values })).unwrap());
    } catch (failure) {
      const message = operationMessage(failure, FAILURE_MESSAGES.complete);
      if (operationField(failure) === CUSTOM_TIME_FIELD) setFieldError('custom_at', { message });
      else setError(message);
    }
  };

  const modes: { value: CompletionTimeMode; label: string; detail?: string }[] = [
    {
      value: 'scheduled',
      label: RUN_TEXT.modeScheduled,
      detail: due === null ? undefined : format.clock(due, timeZone),
    },
    { value: 'now', label: RUN_TEXT.modeNow },
    { value: 'custom', label: RUN_TEXT.modeCustom },
  ];

  return (
    <FormDialog
      open
      onClose={onClose}
      title={RUN_TEXT.completeTitle(step.name)}
      size="sm"
      submitLabel={RUN_TEXT.complete}
      cancelLabel={RUN_TEXT.cancel}
      busy={formState.isSubmitting}
      onSubmit={unlessSubmitting(formState.isSubmitting, (event) => {
        setError(null);
        return handleSubmit(complete)(event);
      })}
      formClassName="pc-run-dialog"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <fieldset className="pc-run-dialog__modes">
        <legend className="pc-field__label">{RUN_TEXT.timeModeLegend}</legend>
        {modes.map((option) => (
          <label key={option.value} className="pc-run-dialog__mode">
            <input
              type="radio"
              value={option.value}
              {...register('time_mode', { onChange: () => clearErrors('custom_at') })}
            />
            <span>{option.label}</span>
            {option.detail ? <span className="pc-run-dialog__detail">{option.detail}</span> : null}
          </label>
        ))}
      </fieldset>
      {mode === 'custom' ? (
        <Controller
          control={control}
          name="custom_at"
          render={({ field }) => {
            const binding = timeInputBinding(field);
            return (
              <TimeInput
                {...binding}
                label={RUN_TEXT.customLabel}
                invalidMessage={VALIDATION_MESSAGES.customTimeInvalid}
                error={formState.errors.custom_at?.message}
                onChange={(event) => {
                  binding.onChange(event);
                  clearErrors('custom_at');
                }}
              />
            );
          }}
        />
      ) : null}
      <div className="pc-field">
        <label htmlFor={`${id}-note`} className="pc-field__label">
          {RUN_TEXT.noteLabel}
        </label>
        <textarea
          {...register('note')}
          id={`${id}-note`}
          className="pc-input pc-run-dialog__textarea"
          rows={2}
        />
      </div>
    </FormDialog>
  );
}
