import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  LIMITS,
  LoginRequest,
  LoginResponse,
  MeResponse,
  RefreshRequest,
  RefreshResponse,
  RegisterRequest,
  UpdateUserRequest,
} from './auth';
import { readLoginToken } from '../session/login-token';

const device_info = { device_id: 'device-Mozilla/5.0-abc123', name: 'Phone' };
const validSignup = {
  email: 'pit@boss.bbq',
  password: 'smoked-brisket',
  display_name: 'Pit Boss',
  device_info,
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('RegisterRequest (SPEC.md section 5 signup rules)', () => {
  it('accepts a valid signup and trims name and e-mail', () => {
    const parsed = RegisterRequest.parse({
      ...validSignup,
      email: '  pit@boss.bbq ',
      display_name: '  Pit Boss  ',
    });
    expect(parsed.display_name).toBe('Pit Boss');
    expect(parsed.email).toBe('pit@boss.bbq');
  });

  it("rejects a name shorter than 2 characters after trimming with 'Name must be at least 2 characters'", () => {
    expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, display_name: '  A  ' }))).toEqual([
      'Name must be at least 2 characters',
    ]);
    expect(RegisterRequest.safeParse({ ...validSignup, display_name: 'Al' }).success).toBe(true);
  });

  it.each(['plainaddress', 'a@b', '@b.c', 'a@.', 'a b@c.d', 'a@b.'])(
    "rejects e-mail %j with 'Enter a valid email address'",
    (email) => {
      expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, email }))).toContain(
        'Enter a valid email address',
      );
    },
  );

  it("rejects a password shorter than 8 characters with 'Password must be at least 8 characters'", () => {
    expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, password: '1234567' }))).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(RegisterRequest.safeParse({ ...validSignup, password: '12345678' }).success).toBe(true);
  });

  it('rejects oversized e-mail (254), password (1024) and name (100)', () => {
    const longEmail = `${'a'.repeat(250)}@b.co`;
    expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, email: longEmail }))).toContain(
      AUTH_MESSAGES.emailTooLong,
    );
    expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, password: 'p'.repeat(1025) }))).toEqual([
      AUTH_MESSAGES.passwordTooLong,
    ]);
    expect(RegisterRequest.safeParse({ ...validSignup, password: 'p'.repeat(1024) }).success).toBe(true);
    expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, display_name: 'n'.repeat(101) }))).toEqual([
      AUTH_MESSAGES.nameTooLong,
    ]);
  });

  it('requires device_info with a device id', () => {
    const { device_info: _omitted, ...withoutDevice } = validSignup;
    expect(RegisterRequest.safeParse(withoutDevice).success).toBe(false);
    expect(
      RegisterRequest.safeParse({ ...validSignup, device_info: { device_id: '', name: 'x' } }).success,
    ).toBe(false);
  });
});

describe('LoginRequest', () => {
  it('requires e-mail and password; device_info is optional', () => {
    expect(LoginRequest.safeParse({ email: 'a@b.c', password: 'x' }).success).toBe(true);
    expect(LoginRequest.safeParse({ email: 'a@b.c', password: 'x', device_info }).success).toBe(true);
    expect(messagesOf(LoginRequest.safeParse({ email: '   ', password: 'x' }))).toEqual([
      AUTH_MESSAGES.emailRequired,
    ]);
    expect(messagesOf(LoginRequest.safeParse({ email: 'a@b.c', password: '' }))).toEqual([
      AUTH_MESSAGES.passwordRequired,
    ]);
  });

  it('rejects oversized strings', () => {
    expect(LoginRequest.safeParse({ email: `${'a'.repeat(260)}@b.c`, password: 'x' }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.c', password: 'x'.repeat(1025) }).success).toBe(false);
  });
});

describe('readLoginToken and LoginResponse (token also read as access_token, accessToken, jwt)', () => {
  it.each([
    [{ token: 't1' }, 't1'],
    [{ access_token: 't2' }, 't2'],
    [{ accessToken: 't3' }, 't3'],
    [{ jwt: 't4' }, 't4'],
    [{ token: 'first', access_token: 'second', jwt: 'last' }, 'first'],
    [{ token: '', access_token: 'fallback' }, 'fallback'],
    [{ token: 42 }, null],
    [{}, null],
    [null, null],
    ['token', null],
  ])('readLoginToken(%j) is %j', (body, expected) => {
    expect(readLoginToken(body)).toBe(expected);
  });

  it('parses an aliased token into token', () => {
    expect(LoginResponse.parse({ access_token: 'abc', refresh_token: 'r', device_id: 'd' })).toEqual({
      token: 'abc',
      refresh_token: 'r',
      device_id: 'd',
    });
    expect(RefreshResponse.parse({ jwt: 'abc', refresh_token: 'r', device_id: 'd' }).token).toBe('abc');
  });

  it("fails with 'No token returned from server' when no token is present", () => {
    expect(messagesOf(LoginResponse.safeParse({ refresh_token: 'r', device_id: 'd' }))).toEqual([
      'No token returned from server',
    ]);
  });
});

describe('RefreshRequest and MeResponse', () => {
  it('RefreshRequest needs a non-empty refresh_token', () => {
    expect(RefreshRequest.safeParse({ refresh_token: 'r' }).success).toBe(true);
    expect(RefreshRequest.safeParse({ refresh_token: '' }).success).toBe(false);
    expect(RefreshRequest.safeParse({}).success).toBe(false);
  });

  it('MeResponse has a positive integer id and requires roles', () => {
    const me = {
      id: 1,
      email: 'a@b.c',
      name: 'Al',
      is_admin: false,
      roles: ['user'],
      created_at: '2025-01-01T00:00:00.000Z',
    };
    expect(MeResponse.parse(me)).toEqual(me);
    expect(MeResponse.safeParse({ ...me, id: '1' }).success).toBe(false);
    expect(MeResponse.safeParse({ ...me, id: 0 }).success).toBe(false);
    expect(MeResponse.safeParse({ ...me, roles: undefined }).success).toBe(false);
    expect(MeResponse.safeParse({ ...me, is_admin: 'yes' }).success).toBe(false);
  });
});

/** The x@y.z shape of SPEC.md section 5 without a regular expression: one @, no whitespace, a dot inside the domain. */
const hasEmailShape = (value: string): boolean => {
  const parts = value.split('@');
  if (parts.length !== 2 || [...value].some((char) => char.trim() === '')) return false;
  const [local, domain] = parts as [string, string];
  const dot = domain.indexOf('.', 1);
  return local.length > 0 && dot > 0 && dot < domain.length - 1;
};

describe('EMAIL_PATTERN (the x@y.z shape, matched in linear time)', () => {
  it('accepts exactly the x@y.z shape of SPEC.md section 5', () => {
    const alphabet = fc.constantFrom('a', 'Z', '@', '.', ' ', '\t', '\u00a0', 'é');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: alphabet, maxLength: 14 }), fc.string()), (value) => {
        expect(EMAIL_PATTERN.test(value)).toBe(hasEmailShape(value));
      }),
      { numRuns: 5_000 },
    );
    for (const value of ['a@b.c', 'a@.b.c', 'a@b..c', 'a.b@c.d.e'])
      expect(EMAIL_PATTERN.test(value), value).toBe(true);
  });
});

describe('e-mail fields check their length before any pattern (a long input costs no regular expression)', () => {
  /**
   * The patterns run from now on, by source. zod itself scans every string once for a lone surrogate with a
   * one-character class (linear); that scan is the only one a too-long e-mail may cost.
   */
  const patternsRun = () => {
    const sources: string[] = [];
    const record = function (this: RegExp) {
      sources.push(this.source);
    };
    const test = RegExp.prototype.test;
    const exec = RegExp.prototype.exec;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, value: string) {
      record.call(this);
      return test.call(this, value);
    });
    vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, value: string) {
      record.call(this);
      return exec.call(this, value);
    });
    return () => sources.filter((source) => source !== zodSurrogateScan);
  };
  const zodSurrogateScan = '[\\uD800-\\uDBFF]';
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const attack = `${'x'.repeat(40_000)}@${'.'.repeat(40_000)}@`;
  const parsers: [
    string,
    (email: string) => { success: boolean; error?: { issues: { message: string }[] } },
  ][] = [
    ['RegisterRequest', (email) => RegisterRequest.safeParse({ ...validSignup, email })],
    ['UpdateUserRequest', (email) => UpdateUserRequest.safeParse({ email })],
    ['LoginRequest', (email) => LoginRequest.safeParse({ email, password: 'x' })],
  ];

  it.each(parsers)(
    '%s refuses the 80,001-character e-mail of the ReDoS report as too long without running a pattern',
    (_name, parse) => {
      const patterns = patternsRun();
      const result = parse(attack);
      expect(patterns()).toEqual([]);
      expect(messagesOf(result)).toEqual([AUTH_MESSAGES.emailTooLong]);
    },
  );

  it.each(parsers)(
    '%s runs no pattern on any e-mail longer than the limit (up to 100,000 characters)',
    (_name, parse) => {
      fc.assert(
        fc.property(
          fc.string({ minLength: LIMITS.emailMax + 1, maxLength: 2_000 }),
          fc.integer({ min: 0, max: 100_000 }),
          (body, padding) => {
            const email = `x${body}${'@.'.repeat(padding / 2)}x`;
            const patterns = patternsRun();
            const result = parse(email);
            vi.restoreAllMocks();
            expect(patterns()).toEqual([]);
            expect(result.success).toBe(false);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it('still runs the e-mail pattern on an e-mail within the limit', () => {
    const patterns = patternsRun();
    expect(messagesOf(RegisterRequest.safeParse({ ...validSignup, email: 'pit@boss' }))).toEqual([
      AUTH_MESSAGES.emailInvalid,
    ]);
    expect(patterns()).toContain(EMAIL_PATTERN.source);
  });
});
