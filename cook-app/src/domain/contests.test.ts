import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canCreateContest,
  CONTEST_MESSAGES,
  contestSchema,
  findActiveRun,
  planAttach,
  upcomingContests,
  validateContestInput,
  walkTimeBadge,
} from './contests';

describe('upcomingContests', () => {
  // 2026-05-16 03:00 UTC is still 2026-05-15 in Chicago: "today" is the device's date.
  const now = Date.parse('2026-05-16T03:00:00Z');
  const contests = [
    { id: 'future', contest_date: '2026-06-01' },
    { id: 'old', contest_date: '2026-05-07' },
    { id: 'edge', date: '2026-05-08' },
    { id: 'recent', start_date: '2026-05-10T00:00:00Z' },
    { id: 'undated', name: 'x' },
    { id: 'future-2', event_date: '2026-06-01' },
    { id: 'today', contest_date: '2026-05-15' },
  ];

  it('keeps contests dated within the last 7 days or later, ascending, ties in input order', () => {
    expect(upcomingContests(contests, now, 'America/Chicago').map((c) => c.id)).toEqual([
      'edge',
      'recent',
      'today',
      'future',
      'future-2',
    ]);
  });

  it('counts the 7 days from the date in the given zone', () => {
    expect(upcomingContests(contests, now, 'UTC').map((c) => c.id)).toEqual([
      'recent',
      'today',
      'future',
      'future-2',
    ]);
  });
});

describe('validateContestInput', () => {
  const today = '2026-05-16';

  it('normalises a valid input: trimmed name and location, body as a number, walk time clamped', () => {
    expect(
      validateContestInput(
        {
          name: '  Smoke on the Water ',
          sanctioning_body_id: '3',
          walk_time_adjust_minutes: '45',
          location: ' Odessa, TX ',
          contest_date: '2026-06-01',
        },
        today,
      ),
    ).toEqual({
      ok: true,
      value: {
        name: 'Smoke on the Water',
        sanctioning_body_id: 3,
        walk_time_adjust_minutes: 20,
        location: 'Odessa, TX',
        contest_date: '2026-06-01',
      },
    });
  });

  it('defaults the date to today, the walk time to 0 (non-numeric too) and the location to empty', () => {
    expect(
      validateContestInput({ name: 'A', sanctioning_body_id: 1, walk_time_adjust_minutes: 'ten' }, today),
    ).toEqual({
      ok: true,
      value: {
        name: 'A',
        sanctioning_body_id: 1,
        walk_time_adjust_minutes: 0,
        location: '',
        contest_date: today,
      },
    });
    expect(
      validateContestInput({ name: 'A', sanctioning_body_id: 1, contest_date: '  ' }, today),
    ).toMatchObject({ ok: true, value: { contest_date: today } });
  });

  it('asks for a name with the SPEC text, and for a sanctioning body', () => {
    expect(validateContestInput({ name: '   ', sanctioning_body_id: '' }, today)).toEqual({
      ok: false,
      errors: {
        name: 'Please provide a cook-off name.',
        sanctioning_body_id: CONTEST_MESSAGES.sanctioningBodyRequired,
      },
    });
    expect(validateContestInput({ name: 'A', sanctioning_body_id: 'KCBS' }, today)).toMatchObject({
      ok: false,
      errors: { sanctioning_body_id: expect.any(String) },
    });
  });

  it('refuses a date that is not a real date', () => {
    expect(
      validateContestInput({ name: 'A', sanctioning_body_id: 1, contest_date: '2026-02-30' }, today),
    ).toEqual({
      ok: false,
      errors: { contest_date: CONTEST_MESSAGES.dateInvalid },
    });
  });

  it('the form is accepted exactly when Create is enabled (with a real date), and the values are what is saved', () => {
    const form = fc.record({
      contest_date: fc.constantFrom('', '2026-06-01'),
      name: fc.constantFrom('', '  ', ' Smoke ', 'Pig Out'),
      sanctioning_body_id: fc.constantFrom('', '1', '12', 'KCBS'),
      location: fc.constantFrom('', ' Odessa, TX '),
      walk_time_adjust_minutes: fc.oneof(fc.constant(null), fc.integer({ min: -50, max: 50 })),
    });
    fc.assert(
      fc.property(form, (input) => {
        const result = contestSchema(today).safeParse(input);
        expect(result.success).toBe(canCreateContest(input));
        expect(validateContestInput(input, today)).toEqual(
          result.success ? { ok: true, value: result.data } : expect.objectContaining({ ok: false }),
        );
        if (!result.success) return;
        expect(result.data.name).toBe(input.name.trim());
        expect(result.data.walk_time_adjust_minutes).toBeGreaterThanOrEqual(0);
        expect(result.data.walk_time_adjust_minutes).toBeLessThanOrEqual(20);
        expect(result.data.contest_date).toBe(input.contest_date || today);
      }),
    );
  });

  it('Create is enabled only with a name and a sanctioning body', () => {
    expect(canCreateContest({ name: 'A', sanctioning_body_id: '2' })).toBe(true);
    expect(canCreateContest({ name: 'A' })).toBe(false);
    expect(canCreateContest({ name: ' ', sanctioning_body_id: 2 })).toBe(false);
  });

  it('shows the walk time badge as +Nm', () => {
    expect(walkTimeBadge(12)).toBe('+12m');
    expect(walkTimeBadge('x')).toBe('+0m');
  });
});

describe('planAttach', () => {
  const attachments = [{ id: 'a1', contest_id: 'c1', template_id: 't1', override_turn_in_time: '13:00' }];

  it('adds a template not yet attached, with the override read as 24-hour time', () => {
    expect(planAttach(attachments, 'c1', 't2', '1:30 PM')).toEqual({
      kind: 'add',
      record: { contest_id: 'c1', template_id: 't2', override_turn_in_time: '13:30' },
    });
    expect(planAttach(attachments, 'c2', 't1', '')).toMatchObject({
      kind: 'add',
      record: { override_turn_in_time: null },
    });
  });

  it('only updates an attached template when the override differs', () => {
    expect(planAttach(attachments, 'c1', 't1', '1:00 PM')).toEqual({ kind: 'noop' });
    expect(planAttach(attachments, 'c1', 't1', '14:00')).toEqual({
      kind: 'update',
      id: 'a1',
      override_turn_in_time: '14:00',
    });
    expect(planAttach(attachments, 'c1', 't1', '')).toEqual({
      kind: 'update',
      id: 'a1',
      override_turn_in_time: null,
    });
  });
});

describe('findActiveRun', () => {
  it('reuses the active run of the contest', () => {
    const runs = [
      { id: 'r1', contest_id: 'c1', status: 'finished' },
      { id: 'r2', contest_id: 'c2', status: 'active' },
      { id: 'r3', contest_id: 'c1', status: 'active' },
    ];
    expect(findActiveRun(runs, 'c1')).toEqual(runs[2]);
    expect(findActiveRun(runs, 'c3')).toBeNull();
  });
});
