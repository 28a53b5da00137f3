import { useId, type RefObject } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { NumberField, TextField, TimeInput } from '@pitclock/design-system';
import { numberFieldBinding, timeInputBinding } from '../../lib/form-fields';
import { TEMPLATE_STEPS_TEXT } from './messages';
import type { StepForm } from './step-form';

/** Multi-line Description; the design system has no text area, so it borrows the field classes. */
function DescriptionField(props: UseFormRegisterReturn<'description'>) {
  const id = useId();
  return (
    <div className="pc-field pc-template-steps-fields__description">
      <label htmlFor={id} className="pc-field__label">
        Description (optional)
      </label>
      <textarea {...props} id={id} className="pc-input pc-template-steps-fields__textarea" rows={2} />
    </div>
  );
}

export type StepFieldsProps = { form: StepForm; nameRef: RefObject<HTMLInputElement | null> };

/** Name, Description, Minutes before turn-in and an own turn-in time: the fields of add and edit. */
export function StepFields({ form, nameRef }: StepFieldsProps) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const name = register('name', { onChange: () => form.typed('name') });
  return (
    <div className="pc-template-steps-fields">
      <TextField
        {...name}
        ref={(element) => {
          name.ref(element);
          nameRef.current = element;
        }}
        onBlur={(event) => form.left('name', () => name.onBlur(event))}
        label="Name"
        required
        autoComplete="off"
        wrapperClassName="pc-template-steps-fields__name"
        error={errors.name?.message}
      />
      <DescriptionField {...register('description')} />
      <Controller
        control={control}
        name="minutes_before_turn_in"
        render={({ field }) => {
          const binding = numberFieldBinding(field);
          return (
            <NumberField
              {...binding}
              label="Minutes before turn-in"
              hint={TEMPLATE_STEPS_TEXT.minutesHint}
              error={errors.minutes_before_turn_in?.message}
              onChange={(event) => {
                binding.onChange(event);
                form.typed('minutes_before_turn_in');
              }}
              onBlur={() => form.left('minutes_before_turn_in', binding.onBlur)}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="turn_in_time"
        render={({ field }) => (
          <TimeInput
            key={form.resets}
            {...timeInputBinding(field)}
            label={TEMPLATE_STEPS_TEXT.ownTurnInLabel}
            hint={TEMPLATE_STEPS_TEXT.ownTurnInHint}
            error={errors.turn_in_time?.message}
          />
        )}
      />
    </div>
  );
}
