import { useEffect, useRef, useState } from 'react';
import { Banner, Button } from '@pitclock/design-system';
import { FAILURE_MESSAGES, updateTemplateStep, useCookDispatch, type TemplateStep } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';
import { StepFields } from './step-fields';
import { stepFormOf, useStepForm, type StepFormValues } from './step-form';

export type StepEditFormProps = { step: TemplateStep; onDone: () => void };

/** Inline edit of a step in its list item: Save, Cancel; Escape cancels. */
export function StepEditForm({ step, onDone }: StepEditFormProps) {
  const dispatch = useCookDispatch();
  const form = useStepForm(stepFormOf(step));
  const busy = form.formState.isSubmitting;
  const nameRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const save = async (values: StepFormValues) => {
    setError(null);
    try {
      await dispatch(updateTemplateStep({ id: step.id, ...values })).unwrap();
      onDone();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveStep));
    }
  };

  return (
    <form
      className="pc-template-steps-edit"
      aria-label={`Edit ${step.name}`}
      onSubmit={unlessSubmitting(
        busy,
        form.handleSubmit(save, (errors) => {
          if (errors.name) form.setFocus('name');
        }),
      )}
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
