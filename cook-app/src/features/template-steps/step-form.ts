// What a step form holds and what it sends (SPEC.md section 5, "Step add or edit"): the store's fields,
// checked by the domain's schemas. Minutes are a number, null when empty (0), NaN when the browser could not
// read them; the own turn-in time is the text as typed.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { minutesBeforeSchema, stepNameSchema, turnInTimeSchema } from '../../domain';
import type { TemplateStep } from '../../store';

export const stepFormSchema = z.object({
  name: stepNameSchema,
  description: z.string(),
  minutes_before_turn_in: minutesBeforeSchema,
  turn_in_time: turnInTimeSchema,
});
export type StepFormInput = z.input<typeof stepFormSchema>;
export type StepFormValues = z.output<typeof stepFormSchema>;

export const EMPTY_STEP_FORM: StepFormInput = {
  name: '',
  description: '',
  minutes_before_turn_in: null,
  turn_in_time: '',
};

export function stepFormOf(step: TemplateStep): StepFormInput {
  return {
    name: step.name,
    description: step.description ?? '',
    minutes_before_turn_in: step.minutes_before_turn_in,
    turn_in_time: step.turn_in_time ?? '',
  };
}

/** The fields whose blur shows their error once they were typed in. */
export type TypedStepField = 'name' | 'minutes_before_turn_in';

/**
 * A step form. An error shows once its field was typed in and left, or the form was submitted, and then
 * follows the typing (so tabbing through an empty form says nothing; the time field reports a mistyped time
 * on blur itself).
 */
export function useStepForm(defaultValues: StepFormInput) {
  const form = useForm<StepFormInput, unknown, StepFormValues>({
    resolver: zodResolver(stepFormSchema),
    mode: 'onTouched',
    defaultValues,
    shouldFocusError: false,
  });
  const typedIn = useRef(new Set<TypedStepField>());
  const [resets, setResets] = useState(0);
  return {
    ...form,
    typed: (field: TypedStepField) => {
      typedIn.current.add(field);
    },
    /** A blur that counts (shows the field's error) only once the field was typed in. */
    left: (field: TypedStepField, blur: () => unknown) => {
      if (typedIn.current.has(field)) void blur();
    },
    /** Back to the empty form; `resets` counts them (the time field, which keeps its own draft, is redrawn). */
    clear: () => {
      typedIn.current.clear();
      form.reset(undefined, { keepFieldsRef: true });
      setResets((count) => count + 1);
    },
    resets,
  };
}

export type StepForm = ReturnType<typeof useStepForm>;
