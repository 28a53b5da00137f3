import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUTH_MESSAGES, LIMITS } from '@pitclock/contracts';
import { LoginForm, SignupForm } from './auth-forms';

const m = AUTH_MESSAGES;

/** The first text per field, as the form shows them. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const GOOD = { name: 'Pit Boss', email: 'pit@boss.test', password: 'smoke-ring', repeat: 'smoke-ring' };

describe('LoginForm: e-mail and password required (SPEC.md section 5)', () => {
  it('an empty e-mail or password gets its required text; blanks count as an empty e-mail', () => {
    expect(fieldErrors(LoginForm.safeParse({ email: '  ', password: '' }))).toEqual({
      email: m.emailRequired,
      password: m.passwordRequired,
    });
  });

  it('too long gets the length texts', () => {
    const errors = fieldErrors(
      LoginForm.safeParse({
        email: 'a'.repeat(LIMITS.emailMax + 1),
        password: 'p'.repeat(LIMITS.passwordMax + 1),
      }),
    );
    expect(errors).toEqual({ email: m.emailTooLong, password: m.passwordTooLong });
  });

  it('sends the e-mail trimmed and the password as typed', () => {
    expect(LoginForm.parse({ email: ' pit@boss.test ', password: ' secret ' })).toEqual({
      email: 'pit@boss.test',
      password: ' secret ',
    });
  });
});

describe('SignupForm: the register rules plus the repeated password', () => {
  it('accepts a good form, trimming name and e-mail', () => {
    expect(SignupForm.parse({ ...GOOD, name: '  Pit Boss ', email: ' pit@boss.test ' })).toEqual(GOOD);
  });

  it.each<[Partial<typeof GOOD>, Record<string, string>]>([
    [{ name: ' A  ' }, { name: m.nameTooShort }],
    [{ name: 'n'.repeat(LIMITS.nameMax + 1) }, { name: m.nameTooLong }],
    [{ email: '' }, { email: m.emailInvalid }],
    [{ email: 'pit@boss' }, { email: m.emailInvalid }],
    [{ email: `${'a'.repeat(LIMITS.emailMax)}@b.c` }, { email: m.emailTooLong }],
    [{ password: '1234567', repeat: '1234567' }, { password: m.passwordTooShort }],
    [{ repeat: 'smoke-rinG' }, { repeat: m.passwordsDoNotMatch }],
  ])('%j shows %j', (change, expected) => {
    expect(fieldErrors(SignupForm.safeParse({ ...GOOD, ...change }))).toEqual(expected);
  });

  it('the repeat is compared whatever else fails, an over-long e-mail included', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(fc.string(), fc.constant('a'.repeat(LIMITS.emailMax + 1))),
        fc.string(),
        fc.string(),
        (name, email, password, repeat) => {
          const errors = fieldErrors(SignupForm.safeParse({ name, email, password, repeat }));
          expect(errors.repeat).toBe(repeat === password ? undefined : m.passwordsDoNotMatch);
        },
      ),
    );
  });
});
