import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Banner, Button } from '@pitclock/design-system';
import { FAILURE_MESSAGES, updateTemplateStep, useCookDispatch, type TemplateStep } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { StepFields } from './step-fields';
import { draftOfStep, stepFieldsOf } from './step-draft';
import { useStepDraft } from './use-step-draft';

export type StepEditFormProps = { step: TemplateStep; onDone: () => void };

/** Inline edit of a step in its list item: Save, Cancel; Escape cancels. */
export function StepEditForm({ step, onDone }: StepEditFormProps) {
  const dispatch = useCookDispatch();
  const form = useStepDraft(draftOfStep(step));
  const nameRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.submit()) {
      if (form.invalid.name) nameRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await dispatch(updateTemplateStep({ id: step.id, ...stepFieldsOf(form.draft) })).unwrap();
      onDone();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveStep));
      setBusy(false);
    }
  };

  return (
    <form
      className="pc-template-steps-edit"
      aria-label={`Edit ${step.name}`}
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onDone();
      }}
      noValidate
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <StepFields form={form} nameRef={nameRef} />
      <div className="pc-template-steps-edit__actions">
        <Button type="submit" loading={busy}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
