import { isPushLocale, PUSH_LOCALE_MAX_LENGTH, PUSH_MAX_STEPS_PER_RUN } from '../notifications/push-protocol';
import { describe, expect, it } from 'vitest';
import { PushScheduleInput, PushScheduleStepInput } from './push';

const step = (scheduled_at: string) => ({
  id: 'step-1',
  name: 'Trim',
  scheduled_at,
  done: false,
  dismissed: false,
});

describe('PushScheduleStepInput', () => {
  it('takes an ISO instant with an offset', () => {
    expect(PushScheduleStepInput.safeParse(step('2030-01-02T03:04:05+02:00')).success).toBe(true);
    expect(PushScheduleStepInput.safeParse(step('0001-01-01T00:00:00Z')).success).toBe(true);
    expect(PushScheduleStepInput.safeParse(step('9999-12-31T23:59:59.999Z')).success).toBe(true);
  });

  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['before year 1 once the offset is applied', '0001-01-01T00:00:00+23:59'],
    ['past 9999 once the offset is applied', '9999-12-31T23:59:59-23:59'],
    ['no date', 'tomorrow'],
  ])('refuses scheduled_at %s (PostgreSQL refused it with a 500)', (_name, scheduledAt) => {
    expect(PushScheduleStepInput.safeParse(step(scheduledAt)).success).toBe(false);
  });
});

describe('PushScheduleInput', () => {
  const schedule = (steps: unknown[]) => ({ contest_id: 'c', contest_name: 'Contest', steps });

  it(`takes at most ${PUSH_MAX_STEPS_PER_RUN} steps with unique ids`, () => {
    const steps = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...step('2030-01-01T00:00:00Z'), id: `s${i}` }));
    expect(PushScheduleInput.safeParse(schedule(steps(PUSH_MAX_STEPS_PER_RUN))).success).toBe(true);
    expect(PushScheduleInput.safeParse(schedule(steps(PUSH_MAX_STEPS_PER_RUN + 1))).success).toBe(false);
    expect(
      PushScheduleInput.safeParse(schedule([step('2030-01-01T00:00:00Z'), step('2030-01-01T00:00:00Z')]))
        .success,
    ).toBe(false);
  });

  it('takes an optional team_id: a uuid, null or absent (older clients send none)', () => {
    const base = schedule([step('2030-01-01T00:00:00Z')]);
    const teamId = '3f2b8c1e-5d4a-4b6f-9a7e-2c1d0e9f8a7b';
    expect(PushScheduleInput.parse(base).team_id).toBeUndefined();
    expect(PushScheduleInput.parse({ ...base, team_id: null }).team_id).toBeNull();
    expect(PushScheduleInput.parse({ ...base, team_id: teamId }).team_id).toBe(teamId);
    for (const bad of ['team-1', '', 42, '3f2b8c1e5d4a4b6f9a7e2c1d0e9f8a7b'])
      expect(PushScheduleInput.safeParse({ ...base, team_id: bad }).success, String(bad)).toBe(false);
  });

  it('takes an optional locale: a BCP 47 language tag of at most 35 characters (older clients send none)', () => {
    const base = schedule([step('2030-01-01T00:00:00Z')]);
    expect(PushScheduleInput.parse(base).locale).toBeUndefined();
    for (const locale of ['en-US', 'en-GB', 'de', 'zh-Hans-CN', 'es-419', 'de-DE-u-co-phonebk', 'sr-Latn-RS'])
      expect(PushScheduleInput.parse({ ...base, locale }).locale, locale).toBe(locale);
    const longest = 'de-Latn-DE-1901-u-co-phonebk-hc-h23';
    expect(longest).toHaveLength(PUSH_LOCALE_MAX_LENGTH);
    expect(PushScheduleInput.safeParse({ ...base, locale: longest }).success).toBe(true);
    for (const bad of [
      '',
      'en_US',
      'en-',
      '-en',
      'en US',
      'e',
      'en-x',
      'en-US-u',
      `${longest}e`,
      '<script>',
      null,
      42,
    ])
      expect(PushScheduleInput.safeParse({ ...base, locale: bad }).success, String(bad)).toBe(false);
  });
});

describe('isPushLocale', () => {
  it('is the rule the app checks before it sends its locale', () => {
    expect(isPushLocale('en-US')).toBe(true);
    expect(isPushLocale('en_US')).toBe(false);
    expect(isPushLocale('en-US-u')).toBe(false);
  });
});
