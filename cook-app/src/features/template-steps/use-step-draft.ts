import { useState } from 'react';
import { EMPTY_STEP_DRAFT, stepDraftErrors, type StepDraft, type StepDraftErrors } from './step-draft';

type Field = 'name' | 'minutes';
type Shown = { name: boolean; minutes: boolean; submitted: boolean };
const NOTHING_SHOWN: Shown = { name: false, minutes: false, submitted: false };
const UNTOUCHED: Record<Field, boolean> = { name: false, minutes: false };

/**
 * The state of a step form. An error shows once its field was typed in and left, or the form was
 * submitted (so tabbing through an empty form says nothing; the time field reports a mistyped time on
 * blur itself).
 */
export function useStepDraft(initial: StepDraft = EMPTY_STEP_DRAFT) {
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);
  const [typedIn, setTypedIn] = useState(UNTOUCHED);
  const errors = stepDraftErrors(draft);
  const visible: StepDraftErrors = {
    name: shown.name || shown.submitted ? errors.name : undefined,
    minutes: shown.minutes || shown.submitted ? errors.minutes : undefined,
    turnIn: shown.submitted ? errors.turnIn : undefined,
  };
  return {
    draft,
    /** The errors shown now. */
    errors: visible,
    /** Every error of the draft, shown or not. */
    invalid: errors,
    change: (patch: Partial<StepDraft>) => {
      setDraft((current) => ({ ...current, ...patch }));
      setTypedIn((current) => ({
        name: current.name || 'name' in patch,
        minutes: current.minutes || 'minutes' in patch,
      }));
    },
    leave: (field: Field) =>
      setShown((current) => ({ ...current, [field]: current[field] || typedIn[field] })),
    /** Shows every error; true when there is none. */
    submit: () => {
      setShown((current) => ({ ...current, submitted: true }));
      return Object.keys(errors).length === 0;
    },
    reset: () => {
      setDraft(EMPTY_STEP_DRAFT);
      setShown(NOTHING_SHOWN);
      setTypedIn(UNTOUCHED);
    },
  };
}

export type StepDraftState = ReturnType<typeof useStepDraft>;
