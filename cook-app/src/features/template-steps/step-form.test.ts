import { describe, expect, it } from 'vitest';
import { EMPTY_STEP_FORM, stepFormSchema, type StepFormInput } from './step-form';

const form = (patch: Partial<StepFormInput>): StepFormInput => ({
  ...EMPTY_STEP_FORM,
  name: 'Trim',
  ...patch,
});

/** The text of each refused field. */
function errorsOf(input: StepFormInput) {
  const result = stepFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('step form', () => {
  it("answers 'Name is required' for an empty or blank name", () => {
    expect(errorsOf(form({ name: '  ' }))).toEqual({ name: 'Name is required' });
  });

  it('accepts empty minutes (they mean 0) and refuses what the browser could not read as a number', () => {
    expect(errorsOf(form({ minutes_before_turn_in: null }))).toEqual({});
    expect(errorsOf(form({ minutes_before_turn_in: Number.NaN }))).toEqual({
      minutes_before_turn_in: 'Minutes before turn-in must be a number.',
    });
  });

  it('refuses a typed own turn-in that is not a time, and accepts an empty or 12-hour one', () => {
    expect(errorsOf(form({ turn_in_time: '25:99' }))).toEqual({
      turn_in_time: 'Please pick a valid time (HH:MM).',
    });
    expect(errorsOf(form({ turn_in_time: '' }))).toEqual({});
    expect(stepFormSchema.parse(form({ turn_in_time: '1:30 pm' })).turn_in_time).toBe('13:30');
  });

  it('sends the name trimmed, empty minutes as 0 and no own turn-in as null (the description as typed)', () => {
    expect(stepFormSchema.parse(form({ name: ' Trim ', description: ' fat cap ' }))).toEqual({
      name: 'Trim',
      description: ' fat cap ',
      minutes_before_turn_in: 0,
      turn_in_time: null,
    });
    expect(stepFormSchema.parse(form({ minutes_before_turn_in: 90 })).minutes_before_turn_in).toBe(90);
  });
});
