import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canArchiveTemplate,
  canDeleteTemplate,
  categoryInUseMessage,
  categoryNameSchema,
  categoryOwnerLabel,
  completionTime,
  customCompletionSchema,
  isCategoryInUse,
  isGlobalCategory,
  minutesBeforeSchema,
  newCategoryNameSchema,
  noteSchema,
  reorderTemplates,
  snoozedUntil,
  snoozeMinutesSchema,
  stepNameSchema,
  templateNameSchema,
  templatesForTab,
  turnInTimeSchema,
  validateCategoryName,
  validated,
  validateMinutesBefore,
  validateNote,
  validateSnoozeMinutes,
  validateStepName,
  validateTemplateName,
  validateTurnInTime,
  VALIDATION_MESSAGES,
} from './validation';

describe('names', () => {
  it('category: trimmed; SPEC texts for create and edit', () => {
    expect(validated(newCategoryNameSchema, '  Jackpot ')).toEqual({ ok: true, value: 'Jackpot' });
    expect(validated(newCategoryNameSchema, ' ')).toEqual({
      ok: false,
      error: 'Please enter a category name.',
    });
    expect(validated(categoryNameSchema, '')).toEqual({ ok: false, error: 'Name cannot be empty.' });
  });
  it("template: 'Name cannot be empty'", () => {
    expect(validated(templateNameSchema, ' KCBS Brisket ')).toEqual({ ok: true, value: 'KCBS Brisket' });
    expect(validated(templateNameSchema, '   ')).toEqual({ ok: false, error: 'Name cannot be empty' });
  });
  it("step: 'Name is required'", () => {
    expect(validated(stepNameSchema, 'Wrap')).toEqual({ ok: true, value: 'Wrap' });
    expect(validated(stepNameSchema, undefined)).toEqual({ ok: false, error: 'Name is required' });
  });
  it('minutes before turn-in: a number, empty is 0', () => {
    expect(validated(minutesBeforeSchema, '90')).toEqual({ ok: true, value: 90 });
    expect(validated(minutesBeforeSchema, '')).toEqual({ ok: true, value: 0 });
    expect(validated(minutesBeforeSchema, null)).toEqual({ ok: true, value: 0 });
    expect(validated(minutesBeforeSchema, '-15')).toEqual({ ok: true, value: -15 });
    expect(validated(minutesBeforeSchema, 'an hour')).toEqual({
      ok: false,
      error: VALIDATION_MESSAGES.minutesBeforeInvalid,
    });
    // What a number field could not read.
    expect(validated(minutesBeforeSchema, Number.NaN)).toMatchObject({ ok: false });
  });
  it('turn-in time: empty clears it, 12-hour text is read, anything else is refused', () => {
    expect(validated(turnInTimeSchema, '')).toEqual({ ok: true, value: null });
    expect(validated(turnInTimeSchema, null)).toEqual({ ok: true, value: null });
    expect(validated(turnInTimeSchema, '1:30 pm')).toEqual({ ok: true, value: '13:30' });
    expect(validated(turnInTimeSchema, '25:99')).toEqual({
      ok: false,
      error: 'Please pick a valid time (HH:MM).',
    });
  });
  it('a required text is accepted exactly when it is not blank, and then trimmed', () => {
    const schemas = [
      newCategoryNameSchema,
      categoryNameSchema,
      templateNameSchema,
      stepNameSchema,
      noteSchema,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...schemas),
        fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\n', '\t', 'é') }),
        (schema, text) => {
          const result = schema.safeParse(text);
          expect(result.success).toBe(text.trim() !== '');
          if (result.success) expect(result.data).toBe(text.trim());
        },
      ),
    );
  });
});

describe('snooze and notes', () => {
  it('snooze minutes default to 10, at least 1, whole minutes', () => {
    expect(validated(snoozeMinutesSchema, '')).toEqual({ ok: true, value: 10 });
    expect(validated(snoozeMinutesSchema, undefined)).toEqual({ ok: true, value: 10 });
    expect(validated(snoozeMinutesSchema, '1')).toEqual({ ok: true, value: 1 });
    expect(validated(snoozeMinutesSchema, 15.7)).toEqual({ ok: true, value: 15 });
    expect(validated(snoozeMinutesSchema, 0)).toEqual({
      ok: false,
      error: VALIDATION_MESSAGES.snoozeMinutesInvalid,
    });
    expect(validated(snoozeMinutesSchema, '0.5')).toMatchObject({ ok: false });
    expect(validated(snoozeMinutesSchema, 'soon')).toMatchObject({ ok: false });
    expect(validated(snoozeMinutesSchema, Number.NaN)).toMatchObject({ ok: false });
  });
  it('snooze accepts a number exactly when its whole minutes are at least 1, and gives those', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (minutes) => {
        const result = snoozeMinutesSchema.safeParse(minutes);
        expect(result.success).toBe(Math.trunc(minutes) >= 1);
        if (result.success) expect(result.data).toBe(Math.trunc(minutes));
      }),
    );
  });
  it('snooze moves the scheduled time to now plus the minutes', () => {
    expect(snoozedUntil(Date.parse('2026-05-16T18:00:00Z'), 10)).toBe('2026-05-16T18:10:00.000Z');
  });
  it('a note is trimmed and not empty', () => {
    expect(validated(noteSchema, '  bark set  ')).toEqual({ ok: true, value: 'bark set' });
    expect(validated(noteSchema, ' \n ')).toEqual({ ok: false, error: VALIDATION_MESSAGES.noteEmpty });
  });
});

describe("the store's checks are the schemas", () => {
  const anything = fc.oneof(
    fc.string(),
    fc.constantFrom('', '  ', '90', '-15', '1:30 pm', '25:99', '0.5', 'soon'),
    fc.double(),
    fc.constant(null),
    fc.constant(undefined),
  );
  it('every validate* answers what its schema answers, for any input', () => {
    const pairs: [(value: unknown) => unknown, Parameters<typeof validated>[0]][] = [
      [(v) => validateCategoryName(v, 'create'), newCategoryNameSchema],
      [(v) => validateCategoryName(v, 'edit'), categoryNameSchema],
      [validateTemplateName, templateNameSchema],
      [validateStepName, stepNameSchema],
      [validateNote, noteSchema],
      [validateMinutesBefore, minutesBeforeSchema],
      [validateSnoozeMinutes, snoozeMinutesSchema],
      [validateTurnInTime, turnInTimeSchema],
    ];
    fc.assert(
      fc.property(anything, (input) => {
        for (const [check, schema] of pairs) expect(check(input)).toEqual(validated(schema, input));
      }),
    );
  });
});

describe('custom completion', () => {
  const zone = 'America/Chicago';
  const at = (scheduledAt: string | null, hhmm: string) =>
    validated(customCompletionSchema(scheduledAt, zone), hhmm);
  it('keeps the scheduled day in the zone and changes only the time', () => {
    // 2026-05-16T04:00Z is 23:00 on 2026-05-15 in Chicago: the day stays the 15th
    expect(at('2026-05-16T04:00:00.000Z', '23:40')).toEqual({
      ok: true,
      value: '2026-05-16T04:40:00.000Z',
    });
    expect(at('2026-05-16T04:00:00.000Z', '6:15 AM')).toEqual({
      ok: true,
      value: '2026-05-15T11:15:00.000Z',
    });
  });
  it('is DST-correct on the spring-forward day', () => {
    expect(at('2026-03-08T18:00:00.000Z', '01:00')).toEqual({
      ok: true,
      value: '2026-03-08T07:00:00.000Z',
    });
    expect(at('2026-03-08T18:00:00.000Z', '12:00')).toEqual({
      ok: true,
      value: '2026-03-08T17:00:00.000Z',
    });
  });
  it('errors with the SPEC texts, time first', () => {
    expect(at('2026-05-16T04:00:00Z', '25:00')).toEqual({
      ok: false,
      error: 'Please pick a valid time (HH:MM).',
    });
    expect(at(null, '')).toEqual({
      ok: false,
      error: 'Please pick a valid time (HH:MM).',
    });
    expect(at(null, '10:00')).toEqual({
      ok: false,
      error: 'This step has no scheduled time to anchor the date.',
    });
    expect(at('whenever', '10:00')).toEqual({
      ok: false,
      error: 'This step has no scheduled time to anchor the date.',
    });
  });
  it('completionTime follows the time mode', () => {
    const now = Date.parse('2026-05-16T18:07:00Z');
    const step = { scheduled_at: '2026-05-16T18:00:00Z' };
    expect(completionTime(step, { time_mode: 'now' }, now, zone)).toEqual({
      ok: true,
      value: '2026-05-16T18:07:00.000Z',
    });
    expect(completionTime(step, { time_mode: 'scheduled' }, now, zone)).toEqual({
      ok: true,
      value: '2026-05-16T18:00:00.000Z',
    });
    expect(completionTime(step, { time_mode: 'custom', custom_at: '13:05' }, now, zone)).toEqual({
      ok: true,
      value: '2026-05-16T18:05:00.000Z',
    });
    expect(completionTime({}, { time_mode: 'custom', custom_at: '13:05' }, now, zone)).toEqual({
      ok: false,
      error: 'This step has no scheduled time to anchor the date.',
    });
  });
});

describe('templates', () => {
  it('archive only when used; delete only when unused', () => {
    expect(canArchiveTemplate({ usage_contests: 1, usage_run_steps: 0 })).toBe(true);
    expect(canArchiveTemplate({ usage_contests: 0, usage_run_steps: '3' })).toBe(true);
    expect(canArchiveTemplate({})).toBe(false);
    expect(canDeleteTemplate({ usage_contests: 0, usage_run_steps: 0 })).toBe(true);
    expect(canDeleteTemplate({ usage_contests: 2 })).toBe(false);
  });

  const templates = [
    { id: 1, name: 'Pork butt', category_id: 3, sort_index: 2 },
    { id: 2, name: 'Brisket flat', category_name: 'Brisket', sort_index: 0 },
    { id: 3, name: 'Old ribs', category_id: 2, is_archived: true },
    { id: 4, name: 'Wings', category_id: 1 },
    { id: 5, name: 'Thighs', category_id: 1, sort_index: 1 },
  ];
  it('filters a tab by name or category and orders the active tab by sort_index', () => {
    const names = { '1': 'Chicken', '2': 'Ribs', '3': 'Pork' };
    expect(templatesForTab(templates, 'active', '', names).map((t) => t.id)).toEqual([2, 5, 1, 4]);
    expect(templatesForTab(templates, 'active', 'chick', names).map((t) => t.id)).toEqual([5, 4]);
    expect(templatesForTab(templates, 'active', 'BRISK', names).map((t) => t.id)).toEqual([2]);
    expect(templatesForTab(templates, 'archived', 'ribs', names).map((t) => t.id)).toEqual([3]);
  });
  it('reorder sends one update per template whose position changed', () => {
    const ordered = [
      { id: 'a', sort_index: 0 },
      { id: 'b', sort_index: 1 },
      { id: 'c', sort_index: 2 },
      { id: 'd', sort_index: 3 },
    ];
    expect(reorderTemplates(ordered, 3, 1)).toEqual([
      { id: 'd', sort_index: 1 },
      { id: 'b', sort_index: 2 },
      { id: 'c', sort_index: 3 },
    ]);
    expect(reorderTemplates(ordered, 0, 9)).toEqual([]);
  });
});

describe('categories', () => {
  it('a category with no owner is global and read-only', () => {
    expect(isGlobalCategory({ user_id: null })).toBe(true);
    expect(isGlobalCategory({ user_id: 7 })).toBe(false);
    expect(categoryOwnerLabel({ user_id: null })).toBe('Global');
    expect(categoryOwnerLabel({ user_id: 'u1' })).toBe('Yours');
  });
  it('is in use when a template or contest refers to it', () => {
    expect(isCategoryInUse(5, [{ category_id: '5' }], [])).toBe(true);
    expect(isCategoryInUse('5', [], [{ category_id: 5 }])).toBe(true);
    expect(isCategoryInUse(5, [{ category_id: null }], [{}])).toBe(false);
    expect(categoryInUseMessage('Jackpot')).toBe(
      'Cannot delete category "Jackpot" because it is being used by templates or contests.',
    );
  });
});
