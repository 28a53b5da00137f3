import { useState, type FormEvent, type RefObject } from 'react';
import { Banner, Button, PlusIcon } from '@pitclock/design-system';
import { addTemplateStep, FAILURE_MESSAGES, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { TEMPLATE_STEPS_TEXT } from './messages';
import { StepFields } from './step-fields';
import { stepFieldsOf } from './step-draft';
import { useStepDraft } from './use-step-draft';

export type StepAddFormProps = {
  templateId: string;
  /** The Name field: focused again after each add (and by the empty state's action). */
  nameRef: RefObject<HTMLInputElement | null>;
};

/** The add form under the list: Enter in a single-line field submits; it clears after an add. */
export function StepAddForm({ templateId, nameRef }: StepAddFormProps) {
  const dispatch = useCookDispatch();
  const form = useStepDraft();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.submit()) {
      if (form.invalid.name) nameRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await dispatch(addTemplateStep({ template_id: templateId, ...stepFieldsOf(form.draft) })).unwrap();
      form.reset();
      nameRef.current?.focus();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.addStep));
    }
    setBusy(false);
  };

  return (
    <form
      className="pc-template-steps-add"
      aria-labelledby="pc-template-steps-add-title"
      onSubmit={(event) => void add(event)}
      noValidate
    >
      <h2 id="pc-template-steps-add-title" className="pc-template-steps__subtitle">
        {TEMPLATE_STEPS_TEXT.addHeading}
      </h2>
      {error ? (
        <Banner tone="red" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <StepFields form={form} nameRef={nameRef} />
      <div className="pc-template-steps-add__actions">
        <Button type="submit" icon={<PlusIcon />} loading={busy}>
          Add
        </Button>
      </div>
    </form>
  );
}
