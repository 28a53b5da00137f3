import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Banner, FormDialog, NumberField } from '@pitclock/design-system';
import { SNOOZE_DEFAULT_MINUTES, SNOOZE_MIN_MINUTES, snoozeMinutesSchema } from '../../domain';
import { FAILURE_MESSAGES, snoozeStep, useCookDispatch, type RunStep } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { numberFieldBinding, unlessSubmitting } from '../../lib/form-fields';
import { RUN_TEXT } from './messages';

const snoozeSchema = z.object({ minutes: snoozeMinutesSchema });
type SnoozeValues = z.output<typeof snoozeSchema>;

export type SnoozeDialogProps = {
  step: RunStep;
  onClose: () => void;
  /** After the store moved the step: its new scheduled time (ISO). */
  onSnoozed: (step: RunStep, scheduledAt: string) => void;
};

/**
 * Snooze a step: minutes from now (default 10, at least 1; the domain's message beside the field, from a
 * submit until the minutes change).
 */
export function SnoozeDialog({ step, onClose, onSnoozed }: SnoozeDialogProps) {
  const dispatch = useCookDispatch();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, clearErrors, formState } = useForm<
    z.input<typeof snoozeSchema>,
    unknown,
    SnoozeValues
  >({
    resolver: zodResolver(snoozeSchema),
    defaultValues: { minutes: SNOOZE_DEFAULT_MINUTES },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const snooze = async ({ minutes }: SnoozeValues) => {
    try {
      const scheduledAt = await dispatch(snoozeStep({ step_id: step.id, minutes })).unwrap();
      onSnoozed(step, scheduledAt);
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.snooze));
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={RUN_TEXT.snoozeTitle(step.name)}
      size="sm"
      submitLabel={RUN_TEXT.snooze}
      cancelLabel={RUN_TEXT.cancel}
      busy={formState.isSubmitting}
      onSubmit={unlessSubmitting(formState.isSubmitting, (event) => {
        setError(null);
        return handleSubmit(snooze)(event);
      })}
      formClassName="pc-run-dialog"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <Controller
        control={control}
        name="minutes"
        render={({ field }) => {
          const binding = numberFieldBinding(field);
          return (
            <NumberField
              {...binding}
              label={RUN_TEXT.snoozeLabel}
              hint={RUN_TEXT.snoozeHint}
              min={SNOOZE_MIN_MINUTES}
              step={1}
              error={formState.errors.minutes?.message}
              onChange={(event) => {
                binding.onChange(event);
                clearErrors('minutes');
              }}
            />
          );
        }}
      />
    </FormDialog>
  );
}
