import { describe, expect, it } from 'vitest';
import { EMPTY_STEP_DRAFT, stepDraftErrors, stepFieldsOf, type StepDraft } from './step-draft';

const draft = (patch: Partial<StepDraft>): StepDraft => ({ ...EMPTY_STEP_DRAFT, name: 'Trim', ...patch });

describe('step draft', () => {
  it("answers 'Name is required' for an empty or blank name", () => {
    expect(stepDraftErrors(draft({ name: '  ' }))).toEqual({ name: 'Name is required' });
  });

  it('accepts empty minutes (they mean 0) and refuses what the browser could not read as a number', () => {
    expect(stepDraftErrors(draft({ minutes: null }))).toEqual({});
    expect(stepDraftErrors(draft({ minutesUnreadable: true }))).toEqual({
      minutes: 'Minutes before turn-in must be a number.',
    });
  });

  it('refuses a typed own turn-in that is not a time, and accepts an empty or 12-hour one', () => {
    expect(stepDraftErrors(draft({ turnInText: '25:99' }))).toEqual({
      turnIn: 'Please pick a valid time (HH:MM).',
    });
    expect(stepDraftErrors(draft({ turnInText: '' }))).toEqual({});
    expect(stepFieldsOf(draft({ turnInText: '1:30 pm' })).turn_in_time).toBe('13:30');
  });

  it('sends what was typed, leaving trimming and the default of 0 to the store', () => {
    expect(stepFieldsOf(draft({ name: ' Trim ', description: ' fat cap ', minutes: 90 }))).toEqual({
      name: ' Trim ',
      description: ' fat cap ',
      minutes_before_turn_in: 90,
      turn_in_time: null,
    });
  });
});
