import { useState } from 'react';
import { Banner, FormDialog, NumberField } from '@pitclock/design-system';
import { SNOOZE_DEFAULT_MINUTES, SNOOZE_MIN_MINUTES, validateSnoozeMinutes } from '../../domain';
import { FAILURE_MESSAGES, snoozeStep, useCookDispatch, type RunStep } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { RUN_TEXT } from './messages';

export type SnoozeDialogProps = {
  step: RunStep;
  onClose: () => void;
  /** After the store moved the step: its new scheduled time (ISO). */
  onSnoozed: (step: RunStep, scheduledAt: string) => void;
};

/** Snooze a step: minutes from now (default 10, at least 1; the domain's message beside the field). */
export function SnoozeDialog({ step, onClose, onSnoozed }: SnoozeDialogProps) {
  const dispatch = useCookDispatch();
  const [minutes, setMinutes] = useState<number | null>(SNOOZE_DEFAULT_MINUTES);
  const [unreadable, setUnreadable] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    setError(null);
    // Text the number input cannot read is refused like any other non-number.
    const checked = validateSnoozeMinutes(unreadable ? 'not a number' : minutes);
    if (!checked.ok) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const scheduledAt = await dispatch(snoozeStep({ step_id: step.id, minutes: checked.value })).unwrap();
      onSnoozed(step, scheduledAt);
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.snooze));
      setBusy(false);
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
      busy={busy}
      onSubmit={() => void submit()}
      formClassName="pc-run-dialog"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <NumberField
        label={RUN_TEXT.snoozeLabel}
        hint={RUN_TEXT.snoozeHint}
        min={SNOOZE_MIN_MINUTES}
        step={1}
        value={minutes}
        error={fieldError ?? undefined}
        onChange={(event) => {
          setUnreadable(event.target.validity.badInput);
          setFieldError(null);
        }}
        onValueChange={setMinutes}
      />
    </FormDialog>
  );
}
