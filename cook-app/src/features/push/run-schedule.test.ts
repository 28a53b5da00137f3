import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PUSH_MAX_STEPS_PER_RUN } from '@pitclock/contracts/push';
import {
  activeRunSchedules,
  realDueMs,
  runSchedule,
  scheduleChanges,
  scheduleFingerprint,
  type ScheduleContest,
  type ScheduleRun,
  type ScheduleStep,
} from './run-schedule';

const MINUTE = 60_000;
const run: ScheduleRun = { id: 'run-1', contest_id: 'c-1', status: 'active', name: 'Odessa (run)' };
const contest: ScheduleContest = { id: 'c-1', name: 'Odessa Smoke-off' };

function step(id: string, scheduled_at: string | null, more: Partial<ScheduleStep> = {}): ScheduleStep {
  return {
    id,
    run_id: 'run-1',
    name: `Step ${id}`,
    template_name: 'Ribs',
    scheduled_at,
    status: 'pending',
    completed_at: null,
    dismissed_for_user: false,
    ...more,
  };
}

describe('runSchedule', () => {
  it('sends each dated step at its time, with its done and dismissed flags, earliest first', () => {
    const body = runSchedule(
      run,
      [
        step('b', '2026-06-01T17:50:00.000Z', {
          status: 'completed',
          completed_at: '2026-06-01T17:40:00.000Z',
        }),
        step('a', '2026-06-01T16:00:00.000Z', { template_name: null }),
        step('c', '2026-06-01T18:00:00.000Z', { dismissed_for_user: true }),
      ],
      contest,
      'America/Chicago',
    );
    expect(body).toEqual({
      contest_id: 'c-1',
      contest_name: 'Odessa Smoke-off',
      time_zone: 'America/Chicago',
      steps: [
        {
          id: 'a',
          name: 'Step a',
          scheduled_at: '2026-06-01T16:00:00.000Z',
          done: false,
          dismissed: false,
          template_name: null,
        },
        {
          id: 'b',
          name: 'Step b',
          scheduled_at: '2026-06-01T17:50:00.000Z',
          done: true,
          dismissed: false,
          template_name: 'Ribs',
        },
        {
          id: 'c',
          name: 'Step c',
          scheduled_at: '2026-06-01T18:00:00.000Z',
          done: false,
          dismissed: true,
          template_name: 'Ribs',
        },
      ],
    });
  });

  it('applies the contest clock as the alert engine does: 5 minutes ahead alerts 5 minutes sooner', () => {
    const ahead = { ...contest, clock_offset_ms: 5 * MINUTE };
    const body = runSchedule(run, [step('a', '2026-06-01T16:00:00.000Z')], ahead, 'UTC');
    expect(body.steps[0]?.scheduled_at).toBe('2026-06-01T15:55:00.000Z');
    const behind = { ...contest, clock_offset_ms: -2 * MINUTE };
    expect(
      runSchedule(run, [step('a', '2026-06-01T16:00:00.000Z')], behind, 'UTC').steps[0]?.scheduled_at,
    ).toBe('2026-06-01T16:02:00.000Z');
  });

  it('leaves out steps without a scheduled time', () => {
    const body = runSchedule(run, [step('a', null), step('b', '2026-06-01T16:00:00.000Z')], contest, 'UTC');
    expect(body.steps.map((s) => s.id)).toEqual(['b']);
  });

  it("falls back to the run's name for a missing cook-off, and names an unnamed step after its template", () => {
    const body = runSchedule(run, [step('a', '2026-06-01T16:00:00.000Z', { name: '  ' })], undefined, 'UTC');
    expect(body.contest_name).toBe('Odessa (run)');
    expect(body.steps[0]?.name).toBe('Ribs');
  });

  it("carries the cook-off's team_id when it is shared with a team, and no team_id at all otherwise", () => {
    const steps = [step('a', '2026-06-01T16:00:00.000Z')];
    const teamId = '3f2b8c1e-5d4a-4b6f-9a7e-2c1d0e9f8a7b';
    const shared = runSchedule(run, steps, { ...contest, team_id: teamId }, 'UTC');
    expect(shared.team_id).toBe(teamId);
    const own = runSchedule(run, steps, contest, 'UTC');
    expect('team_id' in own).toBe(false);
    // Read defensively: null, empty, not a team id or not a string is the user's own run (a body the
    // notifier would refuse as a whole would leave the run with no alerts).
    for (const team_id of [null, '', '  ', 'team-1', 42, { id: teamId }]) {
      const body = runSchedule(run, steps, { ...contest, team_id }, 'UTC');
      expect('team_id' in body, JSON.stringify(team_id)).toBe(false);
      expect(scheduleFingerprint(body)).toBe(scheduleFingerprint(own));
    }
    // Sharing the cook-off changes the fingerprint: the schedule is sent again, with the team.
    expect(scheduleFingerprint(shared)).not.toBe(scheduleFingerprint(own));
  });

  it("carries the device's locale when the notifier takes it, and none otherwise (its pushes then read HH:MM)", () => {
    const steps = [step('a', '2026-06-01T16:00:00.000Z')];
    const withLocale = runSchedule(run, steps, contest, 'America/Chicago', 'en-US');
    expect(withLocale).toMatchObject({ time_zone: 'America/Chicago', locale: 'en-US' });
    const without = runSchedule(run, steps, contest, 'America/Chicago');
    expect('locale' in without).toBe(false);
    for (const locale of ['', 'en_US', 'en-US-u', `en-${'a'.repeat(40)}`]) {
      const body = runSchedule(run, steps, contest, 'America/Chicago', locale);
      expect('locale' in body, locale).toBe(false);
    }
    // A schedule queued without a locale (an older version) is sent again with it.
    expect(scheduleFingerprint(withLocale)).not.toBe(scheduleFingerprint(without));
    expect(
      activeRunSchedules({
        runs: [run],
        steps,
        contests: { 'c-1': contest },
        timeZone: 'UTC',
        locale: 'en-GB',
      }).get('run-1')?.locale,
    ).toBe('en-GB');
  });

  it(`keeps at most ${PUSH_MAX_STEPS_PER_RUN} steps, pending ones first`, () => {
    const at = (i: number) => new Date(Date.parse('2026-06-01T00:00:00.000Z') + i * MINUTE).toISOString();
    const done = Array.from({ length: 10 }, (_, i) => step(`done-${i}`, at(i), { status: 'done' }));
    const pending = Array.from({ length: PUSH_MAX_STEPS_PER_RUN }, (_, i) => step(`p-${i}`, at(100 + i)));
    const body = runSchedule(run, [...done, ...pending], contest, 'UTC');
    expect(body.steps).toHaveLength(PUSH_MAX_STEPS_PER_RUN);
    expect(body.steps.every((s) => s.id.startsWith('p-'))).toBe(true);
  });
});

describe('activeRunSchedules', () => {
  it('gives a schedule to each active run only, with its own steps and cook-off', () => {
    const runs: ScheduleRun[] = [
      run,
      { id: 'run-2', contest_id: 'c-2', status: 'completed', name: 'Old' },
      { id: 'run-3', contest_id: 'c-2', status: 'active', name: 'Lubbock' },
    ];
    const steps = [
      step('a', '2026-06-01T16:00:00.000Z'),
      step('x', '2026-06-01T16:00:00.000Z', { run_id: 'run-2' }),
      step('y', '2026-06-01T17:00:00.000Z', { run_id: 'run-3' }),
    ];
    const schedules = activeRunSchedules({
      runs,
      steps,
      contests: { 'c-1': contest, 'c-2': { id: 'c-2', name: 'Lubbock Q', clock_offset_ms: MINUTE } },
      timeZone: 'UTC',
    });
    expect([...schedules.keys()]).toEqual(['run-1', 'run-3']);
    expect(schedules.get('run-3')).toMatchObject({
      contest_id: 'c-2',
      contest_name: 'Lubbock Q',
      steps: [{ id: 'y', scheduled_at: '2026-06-01T16:59:00.000Z' }],
    });
  });
});

describe('scheduleChanges', () => {
  const body = runSchedule(run, [step('a', '2026-06-01T16:00:00.000Z')], contest, 'UTC');
  const snoozed = runSchedule(run, [step('a', '2026-06-01T16:10:00.000Z')], contest, 'UTC');

  it('puts a new schedule and remembers its fingerprint', () => {
    const changes = scheduleChanges({}, new Map([['run-1', body]]));
    expect(changes).toEqual({
      put: [{ runId: 'run-1', body }],
      remove: [],
      queued: { 'run-1': scheduleFingerprint(body) },
    });
  });

  it('puts nothing for a schedule queued already, and the changed one when it changed', () => {
    const queued = { 'run-1': scheduleFingerprint(body) };
    expect(scheduleChanges(queued, new Map([['run-1', body]])).put).toEqual([]);
    expect(scheduleChanges(queued, new Map([['run-1', snoozed]])).put).toEqual([
      { runId: 'run-1', body: snoozed },
    ]);
  });

  it('removes the runs that are no longer active and forgets them', () => {
    const changes = scheduleChanges(
      { 'run-1': scheduleFingerprint(body), gone: 'x' },
      new Map([['run-1', body]]),
    );
    expect(changes.remove).toEqual(['gone']);
    expect(Object.keys(changes.queued)).toEqual(['run-1']);
  });
});

describe('schedule properties', () => {
  const instant = fc
    .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString());
  const stepArb = fc.record({
    scheduled_at: fc.option(instant, { nil: null }),
    done: fc.boolean(),
    dismissed: fc.boolean(),
    run: fc.constantFrom('run-1', 'run-2'),
  });
  const stepsArb = fc.array(stepArb, { maxLength: 40 }).map((list) =>
    list.map((s, i) =>
      step(`s-${i}`, s.scheduled_at, {
        run_id: s.run,
        status: s.done ? 'completed' : 'pending',
        dismissed_for_user: s.dismissed,
      }),
    ),
  );
  const offsetArb = fc.integer({ min: -12 * 60, max: 12 * 60 }).map((m) => m * MINUTE);
  const runs: ScheduleRun[] = [run, { id: 'run-2', contest_id: 'c-1', status: 'active', name: 'Two' }];

  it('is deterministic: the same steps in any order give the same schedules and fingerprints', () => {
    const twoOrders = stepsArb.chain((steps) =>
      fc.tuple(fc.constant(steps), fc.shuffledSubarray(steps, { minLength: steps.length })),
    );
    fc.assert(
      fc.property(twoOrders, offsetArb, ([steps, shuffled], offset) => {
        const contests = { 'c-1': { ...contest, clock_offset_ms: offset } };
        const a = activeRunSchedules({ runs, steps, contests, timeZone: 'UTC' });
        const b = activeRunSchedules({
          runs: [...runs].reverse(),
          steps: shuffled,
          contests,
          timeZone: 'UTC',
        });
        expect([...b]).toEqual([...a]);
        for (const [runId, body] of a) {
          expect(scheduleFingerprint(b.get(runId) ?? body)).toBe(scheduleFingerprint(body));
        }
      }),
    );
  });

  it('excludes nothing pending: every dated step that is neither done nor dismissed is there at its real instant', () => {
    fc.assert(
      fc.property(stepsArb, offsetArb, (steps, offset) => {
        const contests = { 'c-1': { ...contest, clock_offset_ms: offset } };
        const schedules = activeRunSchedules({ runs, steps, contests, timeZone: 'UTC' });
        for (const s of steps) {
          if (s.scheduled_at === null || s.status === 'completed' || s.dismissed_for_user) continue;
          const sent = schedules.get(s.run_id)?.steps.find((x) => x.id === s.id);
          expect(sent).toMatchObject({ done: false, dismissed: false });
          const sentMs = Date.parse(sent?.scheduled_at ?? '');
          expect(sentMs).toBe(realDueMs(s, contests['c-1']));
          expect(sentMs).toBe(Date.parse(s.scheduled_at) - offset);
        }
        const sentIds = [...schedules.values()].flatMap((body) => body.steps.map((x) => x.id));
        expect(new Set(sentIds).size).toBe(sentIds.length);
        expect(sentIds.length).toBe(steps.filter((s) => s.scheduled_at !== null).length);
      }),
    );
  });
});
