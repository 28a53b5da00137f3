// What a step form holds and what it may send (SPEC.md section 5, "Step add or edit"). Pure.
import { parseHhMm, validateMinutesBefore, validateStepName } from '../../domain';
import { STORE_MESSAGES, type TemplateStep } from '../../store';

export type StepDraft = {
  name: string;
  description: string;
  /** The number typed in Minutes before turn-in; null when empty. */
  minutes: number | null;
  /** The browser could not read what was typed as a number (the field then reports empty). */
  minutesUnreadable: boolean;
  /** The last own turn-in time the time field committed ('HH:MM' or ''). */
  turnIn: string;
  /** What is typed in the own turn-in field now (committed on blur or Enter only). */
  turnInText: string;
};

export type StepDraftField = 'name' | 'minutes' | 'turnIn';
export type StepDraftErrors = Partial<Record<StepDraftField, string>>;

export const EMPTY_STEP_DRAFT: StepDraft = {
  name: '',
  description: '',
  minutes: null,
  minutesUnreadable: false,
  turnIn: '',
  turnInText: '',
};

export function draftOfStep(step: TemplateStep): StepDraft {
  const turnIn = step.turn_in_time ?? '';
  return {
    name: step.name,
    description: step.description ?? '',
    minutes: step.minutes_before_turn_in,
    minutesUnreadable: false,
    turnIn,
    turnInText: turnIn,
  };
}

const errorOf = <T>(result: { ok: true; value: T } | { ok: false; error: string }) =>
  result.ok ? undefined : result.error;

/** The errors of a draft, by field (the texts the store would answer with). */
export function stepDraftErrors(draft: StepDraft): StepDraftErrors {
  const errors: StepDraftErrors = {
    name: errorOf(validateStepName(draft.name)),
    minutes: errorOf(validateMinutesBefore(draft.minutesUnreadable ? Number.NaN : draft.minutes)),
    turnIn:
      draft.turnInText.trim() !== '' && parseHhMm(draft.turnInText) === null
        ? STORE_MESSAGES.turnInTimeInvalid
        : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error)) as StepDraftErrors;
}

/** The fields of addTemplateStep / updateTemplateStep for a valid draft (the store trims and defaults). */
export function stepFieldsOf(draft: StepDraft) {
  return {
    name: draft.name,
    description: draft.description,
    minutes_before_turn_in: draft.minutes,
    turn_in_time: parseHhMm(draft.turnInText),
  };
}
