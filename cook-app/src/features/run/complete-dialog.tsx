import { useId, useState } from 'react';
import { Banner, FormDialog, TimeInput } from '@pitclock/design-system';
import {
  customCompletionAt,
  hhmmInZone,
  parseHhMm,
  readDueAt,
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
import { operationField, operationMessage } from '../../lib/operation-message';
import { RUN_TEXT } from './messages';

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
 * to anchor the date.') show beside the field.
 */
export function CompleteDialog({ step, now, timeZone, onClose, onCompleted }: CompleteDialogProps) {
  const dispatch = useCookDispatch();
  const id = useId();
  const due = readDueAt(step);
  const [mode, setMode] = useState<CompletionTimeMode>('now');
  const [customText, setCustomText] = useState(() => hhmmInZone(now(), timeZone));
  const [note, setNote] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    setError(null);
    setCustomError(null);
    let customAt: string | null = null;
    if (mode === 'custom') {
      const checked = customCompletionAt(step.scheduled_at, customText, timeZone);
      if (!checked.ok) {
        setCustomError(checked.error);
        return;
      }
      customAt = parseHhMm(customText);
    }
    setBusy(true);
    try {
      const saved = await dispatch(
        completeStep({ step_id: step.id, time_mode: mode, note, custom_at: customAt }),
      ).unwrap();
      onCompleted(saved);
    } catch (failure) {
      const message = operationMessage(failure, FAILURE_MESSAGES.complete);
      if (operationField(failure) === CUSTOM_TIME_FIELD) setCustomError(message);
      else setError(message);
      setBusy(false);
    }
  };

  const modes: { value: CompletionTimeMode; label: string; detail?: string }[] = [
    {
      value: 'scheduled',
      label: RUN_TEXT.modeScheduled,
      detail: due === null ? undefined : hhmmInZone(due, timeZone),
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
      busy={busy}
      onSubmit={() => void submit()}
      formClassName="pc-run-dialog"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <fieldset className="pc-run-dialog__modes">
        <legend className="pc-field__label">{RUN_TEXT.timeModeLegend}</legend>
        {modes.map((option) => (
          <label key={option.value} className="pc-run-dialog__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              onChange={() => {
                setMode(option.value);
                setCustomError(null);
              }}
            />
            <span>{option.label}</span>
            {option.detail ? <span className="pc-run-dialog__detail">{option.detail}</span> : null}
          </label>
        ))}
      </fieldset>
      {mode === 'custom' ? (
        <TimeInput
          label={RUN_TEXT.customLabel}
          defaultValue={customText}
          invalidMessage={VALIDATION_MESSAGES.customTimeInvalid}
          error={customError ?? undefined}
          onChange={(event) => {
            setCustomText(event.target.value);
            setCustomError(null);
          }}
          onValueChange={(value) => setCustomText(value)}
        />
      ) : null}
      <div className="pc-field">
        <label htmlFor={`${id}-note`} className="pc-field__label">
          {RUN_TEXT.noteLabel}
        </label>
        <textarea
          id={`${id}-note`}
          className="pc-input pc-run-dialog__textarea"
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}
