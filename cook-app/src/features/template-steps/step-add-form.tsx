import { useState, type RefObject } from 'react';
import { Banner, Button, PlusIcon } from '@pitclock/design-system';
import { addTemplateStep, FAILURE_MESSAGES, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';
import { TEMPLATE_STEPS_TEXT } from './messages';
import { StepFields } from './step-fields';
import { EMPTY_STEP_FORM, useStepForm, type StepFormValues } from './step-form';

export type StepAddFormProps = {
  templateId: string;
  /** The Name field: focused again after each add (and by the empty state's action). */
  nameRef: RefObject<HTMLInputElement | null>;
};

/** The add form under the list: Enter in a single-line field submits; it clears after an add. */
export function StepAddForm({ templateId, nameRef }: StepAddFormProps) {
  const dispatch = useCookDispatch();
  const form = useStepForm(EMPTY_STEP_FORM);
  const [error, setError] = useState<string | null>(null);

  const add = async (values: StepFormValues) => {
    setError(null);
    try {
      await dispatch(addTemplateStep({ template_id: templateId, ...values })).unwrap();
      form.clear();
      form.setFocus('name');
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.addStep));
    }
  };

  return (
    <form
      className="pc-template-steps-add"
      aria-labelledby="pc-template-steps-add-title"
      onSubmit={unlessSubmitting(
        form.formState.isSubmitting,
        form.handleSubmit(add, (errors) => {
          if (errors.name) form.setFocus('name');
        }),
      )}
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
        <Button type="submit" icon={<PlusIcon />} loading={form.formState.isSubmitting}>
          Add
        </Button>
      </div>
    </form>
  );
}
