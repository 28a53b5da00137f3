import { useId, type Ref } from 'react';
import { NumberField, TextField, TimeInput } from '@pitclock/design-system';
import { TEMPLATE_STEPS_TEXT } from './messages';
import type { StepDraftState } from './use-step-draft';

type DescriptionFieldProps = { value: string; onChange: (value: string) => void };

/** Multi-line Description; the design system has no text area, so it borrows the field classes. */
function DescriptionField({ value, onChange }: DescriptionFieldProps) {
  const id = useId();
  return (
    <div className="pc-field pc-template-steps-fields__description">
      <label htmlFor={id} className="pc-field__label">
        Description (optional)
      </label>
      <textarea
        id={id}
        className="pc-input pc-template-steps-fields__textarea"
        rows={2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export type StepFieldsProps = { form: StepDraftState; nameRef: Ref<HTMLInputElement> };

/** Name, Description, Minutes before turn-in and an own turn-in time: the fields of add and edit. */
export function StepFields({ form, nameRef }: StepFieldsProps) {
  const { draft, errors, change, leave } = form;
  return (
    <div className="pc-template-steps-fields">
      <TextField
        ref={nameRef}
        label="Name"
        required
        autoComplete="off"
        wrapperClassName="pc-template-steps-fields__name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => change({ name: event.target.value })}
        onBlur={() => leave('name')}
      />
      <DescriptionField value={draft.description} onChange={(description) => change({ description })} />
      <NumberField
        label="Minutes before turn-in"
        hint={TEMPLATE_STEPS_TEXT.minutesHint}
        value={draft.minutes}
        error={errors.minutes}
        onChange={(event) => change({ minutesUnreadable: event.target.validity.badInput })}
        onValueChange={(minutes) => change({ minutes })}
        onBlur={() => leave('minutes')}
      />
      <TimeInput
        label={TEMPLATE_STEPS_TEXT.ownTurnInLabel}
        hint={TEMPLATE_STEPS_TEXT.ownTurnInHint}
        value={draft.turnIn}
        error={errors.turnIn}
        onChange={(event) => change({ turnInText: event.target.value })}
        onValueChange={(turnIn) => change({ turnIn, turnInText: turnIn })}
      />
    </div>
  );
}
