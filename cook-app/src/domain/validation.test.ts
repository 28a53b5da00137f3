import { describe, expect, it } from 'vitest';
import {
  canArchiveTemplate,
  canDeleteTemplate,
  categoryInUseMessage,
  categoryOwnerLabel,
  completionTime,
  customCompletionAt,
  isCategoryInUse,
  isGlobalCategory,
  reorderTemplates,
  snoozedUntil,
  templatesForTab,
  validateCategoryName,
  validateMinutesBefore,
  validateNote,
  validateSnoozeMinutes,
  validateStepName,
  validateTemplateName,
  VALIDATION_MESSAGES,
} from './validation';

describe('names', () => {
  it('category: trimmed; SPEC texts for create and edit', () => {
    expect(validateCategoryName('  Jackpot ', 'create')).toEqual({ ok: true, value: 'Jackpot' });
    expect(validateCategoryName(' ', 'create')).toEqual({
      ok: false,
      error: 'Please enter a category name.',
    });
    expect(validateCategoryName('', 'edit')).toEqual({ ok: false, error: 'Name cannot be empty.' });
  });
  it("template: 'Name cannot be empty'", () => {
    expect(validateTemplateName(' KCBS Brisket ')).toEqual({ ok: true, value: 'KCBS Brisket' });
    expect(validateTemplateName('   ')).toEqual({ ok: false, error: 'Name cannot be empty' });
  });
  it("step: 'Name is required'", () => {
    expect(validateStepName('Wrap')).toEqual({ ok: true, value: 'Wrap' });
    expect(validateStepName(undefined)).toEqual({ ok: false, error: 'Name is required' });
  });
  it('minutes before turn-in: a number, empty is 0', () => {
    expect(validateMinutesBefore('90')).toEqual({ ok: true, value: 90 });
    expect(validateMinutesBefore('')).toEqual({ ok: true, value: 0 });
    expect(validateMinutesBefore('-15')).toEqual({ ok: true, value: -15 });
    expect(validateMinutesBefore('an hour')).toEqual({
      ok: false,
      error: VALIDATION_MESSAGES.minutesBeforeInvalid,
    });
  });
});

describe('snooze and notes', () => {
  it('snooze minutes default to 10, at least 1, whole minutes', () => {
    expect(validateSnoozeMinutes('')).toEqual({ ok: true, value: 10 });
    expect(validateSnoozeMinutes(undefined)).toEqual({ ok: true, value: 10 });
    expect(validateSnoozeMinutes('1')).toEqual({ ok: true, value: 1 });
    expect(validateSnoozeMinutes(15.7)).toEqual({ ok: true, value: 15 });
    expect(validateSnoozeMinutes(0)).toEqual({ ok: false, error: VALIDATION_MESSAGES.snoozeMinutesInvalid });
    expect(validateSnoozeMinutes('0.5')).toMatchObject({ ok: false });
    expect(validateSnoozeMinutes('soon')).toMatchObject({ ok: false });
  });
  it('snooze moves the scheduled time to now plus the minutes', () => {
    expect(snoozedUntil(Date.parse('2026-05-16T18:00:00Z'), 10)).toBe('2026-05-16T18:10:00.000Z');
  });
  it('a note is trimmed and not empty', () => {
    expect(validateNote('  bark set  ')).toEqual({ ok: true, value: 'bark set' });
    expect(validateNote(' \n ')).toEqual({ ok: false, error: VALIDATION_MESSAGES.noteEmpty });
  });
});

describe('custom completion', () => {
  const zone = 'America/Chicago';
  it('keeps the scheduled day in the zone and changes only the time', () => {
    // 2026-05-16T04:00Z is 23:00 on 2026-05-15 in Chicago: the day stays the 15th
    expect(customCompletionAt('2026-05-16T04:00:00.000Z', '23:40', zone)).toEqual({
      ok: true,
      value: '2026-05-16T04:40:00.000Z',
    });
    expect(customCompletionAt('2026-05-16T04:00:00.000Z', '6:15 AM', zone)).toEqual({
      ok: true,
      value: '2026-05-15T11:15:00.000Z',
    });
  });
  it('is DST-correct on the spring-forward day', () => {
    expect(customCompletionAt('2026-03-08T18:00:00.000Z', '01:00', zone)).toEqual({
      ok: true,
      value: '2026-03-08T07:00:00.000Z',
    });
    expect(customCompletionAt('2026-03-08T18:00:00.000Z', '12:00', zone)).toEqual({
      ok: true,
      value: '2026-03-08T17:00:00.000Z',
    });
  });
  it('errors with the SPEC texts, time first', () => {
    expect(customCompletionAt('2026-05-16T04:00:00Z', '25:00', zone)).toEqual({
      ok: false,
      error: 'Please pick a valid time (HH:MM).',
    });
    expect(customCompletionAt(null, '', zone)).toEqual({
      ok: false,
      error: 'Please pick a valid time (HH:MM).',
    });
    expect(customCompletionAt(null, '10:00', zone)).toEqual({
      ok: false,
      error: 'This step has no scheduled time to anchor the date.',
    });
    expect(customCompletionAt('whenever', '10:00', zone)).toEqual({
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
