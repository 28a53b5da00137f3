import { SignupEventsQuery } from '@pitclock/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { FIRST_INSTANT, LAST_INSTANT, toSignupEventConditions, toSignupEventFilter } from './signup-events';

const filterOf = (query: Record<string, string>) => toSignupEventFilter(SignupEventsQuery.parse(query));

describe('toSignupEventFilter', () => {
  it('defaults to any outcome and 100 rows', () => {
    expect(filterOf({})).toEqual({ filter: { limit: 100 } });
  });

  it('lower-cases e-mail and platform, keeps the IP as given', () => {
    expect(filterOf({ email: 'Pit@X', platform: 'iOS', ip: '::1', outcome: 'error' })).toEqual({
      filter: { limit: 100, emailContains: 'pit@x', platform: 'ios', ip: '::1', outcome: 'error' },
    });
  });

  it('takes a date as a whole UTC day and an instant as given (inclusive)', () => {
    expect(filterOf({ from: '2026-02-01', to: '2026-02-01' })).toEqual({
      filter: {
        limit: 100,
        from: new Date('2026-02-01T00:00:00Z'),
        to: { at: new Date('2026-02-02T00:00:00Z'), inclusive: false },
      },
    });
    expect(filterOf({ to: '2026-02-01T10:00:00+02:00' })).toEqual({
      filter: { limit: 100, to: { at: new Date('2026-02-01T08:00:00Z'), inclusive: true } },
    });
  });

  it('refuses from after to', () => {
    expect(filterOf({ from: '2026-02-02', to: '2026-02-01' })).toEqual({
      error: 'from must not be after to',
    });
    expect(filterOf({ from: '2026-02-01T00:00:01Z', to: '2026-02-01T00:00:00Z' })).toEqual({
      error: 'from must not be after to',
    });
    expect('filter' in filterOf({ from: '2026-02-01T00:00:00Z', to: '2026-02-01T00:00:00Z' })).toBe(true);
  });

  it('moves bounds outside years 1 to 9999 (UTC) onto the first and last instants PostgreSQL stores', () => {
    expect(filterOf({ from: '0000-01-01', to: '9999-12-31' })).toMatchObject({
      filter: { from: FIRST_INSTANT, to: { at: LAST_INSTANT, inclusive: true } },
    });
    expect(filterOf({ from: '0001-01-01T00:00:00+14:00' })).toMatchObject({
      filter: { from: FIRST_INSTANT },
    });
    expect(filterOf({ to: '0000-06-01T00:00:00Z' })).toMatchObject({
      filter: { to: { at: FIRST_INSTANT, inclusive: true } },
    });
    expect(filterOf({ from: '2026-01-01', to: '2026-01-31' })).toMatchObject({
      filter: {
        from: new Date('2026-01-01T00:00:00Z'),
        to: { at: new Date('2026-02-01T00:00:00Z'), inclusive: false },
      },
    });
  });
});

describe('toSignupEventConditions (the filters of a page, which has no limit nor before)', () => {
  it('are the filter of the old list without its limit', () => {
    const query = SignupEventsQuery.parse({ email: 'Pit', platform: 'iOS', from: '2026-02-01', before: '9' });
    const {
      limit: _limit,
      beforeId: _beforeId,
      ...conditions
    } = (toSignupEventFilter(query) as { filter: Record<string, unknown> }).filter;
    expect(toSignupEventConditions(query)).toEqual({ conditions });
    expect(conditions).toEqual({
      emailContains: 'pit',
      platform: 'ios',
      from: new Date('2026-02-01T00:00:00Z'),
    });
  });
  it('refuses from after to', () => {
    expect(
      toSignupEventConditions(SignupEventsQuery.parse({ from: '2026-02-02', to: '2026-02-01' })),
    ).toEqual({
      error: 'from must not be after to',
    });
  });
});
