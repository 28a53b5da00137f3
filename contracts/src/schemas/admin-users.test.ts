import { describe, expect, it } from 'vitest';
import { AdminUser, SignupEvent, SignupEventsQuery, UpdateUserRequest, UserIdParam } from './auth';

describe('UserIdParam', () => {
  it('turns a positive whole number of up to 10 digits into a number', () => {
    expect(UserIdParam.parse('42')).toBe(42);
    expect(UserIdParam.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '-1', '1.5', 'abc', '01', '2147483648', '99999999999', ''])('refuses %j', (value) => {
    expect(UserIdParam.safeParse(value).success).toBe(false);
  });
});

describe('UpdateUserRequest', () => {
  it('trims and checks display name and e-mail like signup; either may be left out', () => {
    expect(UpdateUserRequest.parse({ display_name: '  Pit  ' })).toEqual({ display_name: 'Pit' });
    expect(UpdateUserRequest.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
    expect(UpdateUserRequest.safeParse({ display_name: 'P' }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ email: 'a@b' }).success).toBe(false);
  });

  it('needs at least one of them', () => {
    const result = UpdateUserRequest.safeParse({});
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Nothing to update: send display_name or email',
    ]);
  });
});

describe('AdminUser and SignupEvent', () => {
  it('AdminUser has license_status none, inactive or active', () => {
    const user = {
      id: 1,
      email: 'a@b.co',
      name: 'Al',
      is_admin: false,
      created_at: '2026-01-01T00:00:00.000Z',
      license_status: 'none',
    };
    expect(AdminUser.parse(user)).toEqual(user);
    expect(AdminUser.safeParse({ ...user, license_status: 'gold' }).success).toBe(false);
  });

  it('SignupEvent has outcome success or error and a nullable reason', () => {
    const event = {
      id: 3,
      email: 'a@b.co',
      ip: '::1',
      outcome: 'error',
      platform: 'iOS',
      reason: 'email_taken',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(SignupEvent.parse(event)).toEqual(event);
    expect(SignupEvent.parse({ ...event, reason: null }).reason).toBeNull();
    expect(SignupEvent.safeParse({ ...event, outcome: 'any' }).success).toBe(false);
  });
});

describe('SignupEventsQuery', () => {
  it('treats empty values as unset and defaults to outcome any and limit 100', () => {
    expect(
      SignupEventsQuery.parse({ email: '', outcome: '', ip: '', platform: '', from: '', to: '', limit: '' }),
    ).toEqual({ outcome: 'any', limit: 100 });
  });

  it('reads limit and before as whole numbers, limit at most 100', () => {
    expect(SignupEventsQuery.parse({ limit: '5', before: '77' })).toMatchObject({ limit: 5, before: 77 });
    for (const limit of ['0', '101', '1e2', '5.0', ' 5']) {
      expect(SignupEventsQuery.safeParse({ limit }).success).toBe(false);
    }
  });

  it('accepts a date or an instant with offset for from and to, nothing else', () => {
    expect(SignupEventsQuery.safeParse({ from: '2026-02-01', to: '2026-02-01T10:00:00+02:00' }).success).toBe(
      true,
    );
    for (const from of ['2026-02-30', '02/01/2026', '2026-02-01T10:00:00', 'today']) {
      expect(SignupEventsQuery.safeParse({ from }).success).toBe(false);
    }
  });

  it('refuses a repeated parameter (an array) and an outcome outside any, success, error', () => {
    expect(SignupEventsQuery.safeParse({ email: ['a', 'b'] }).success).toBe(false);
    expect(SignupEventsQuery.safeParse({ outcome: 'maybe' }).success).toBe(false);
  });
});
