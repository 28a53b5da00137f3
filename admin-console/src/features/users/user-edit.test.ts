import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIMITS } from '@pitclock/contracts/schemas';
import { placeServerError, UserDraft } from './user-edit';

describe('placeServerError: a refused user edit is placed by machine code and field, never by text', () => {
  it('email_taken and a validation answer about the e-mail go beside the e-mail', () => {
    expect(placeServerError({ status: 409, code: 'email_taken', message: 'Taken!' })).toEqual({
      email: 'Taken!',
    });
    expect(
      placeServerError({ status: 400, code: 'validation_failed', field: 'email', message: 'New rule text' }),
    ).toEqual({ email: 'New rule text' });
  });

  it('a validation answer about the display name goes beside the name', () => {
    expect(
      placeServerError({
        status: 400,
        code: 'validation_failed',
        field: 'display_name',
        message: 'Too short',
      }),
    ).toEqual({ name: 'Too short' });
  });

  it('anything else, even a text that reads like a field rule, goes under the row', () => {
    expect(
      placeServerError({ status: 400, code: 'validation_failed', message: 'Enter a valid email address' }),
    ).toEqual({ form: 'Failed to update: Enter a valid email address' });
    expect(placeServerError({ status: 403, code: 'forbidden', message: 'Admin only' })).toEqual({
      form: 'Failed to update: Admin only',
    });
  });
});

describe('UserDraft: display name and e-mail with the signup rules, trimmed', () => {
  const firstErrors = (draft: { display_name: string; email: string }) =>
    Object.fromEntries(
      (UserDraft.safeParse(draft).error?.issues ?? [])
        .map((issue) => [issue.path[0], issue.message])
        .reverse(),
    );

  it('sends both trimmed', () => {
    expect(UserDraft.parse({ display_name: ' Pat Smoke ', email: '  pat@example.com ' })).toEqual({
      display_name: 'Pat Smoke',
      email: 'pat@example.com',
    });
  });

  it.each([
    [{ display_name: ' A ', email: 'pat@example.com' }, { display_name: AUTH_MESSAGES.nameTooShort }],
    [
      { display_name: 'n'.repeat(LIMITS.nameMax + 1), email: 'p@e.co' },
      { display_name: AUTH_MESSAGES.nameTooLong },
    ],
    [{ display_name: 'Pat', email: 'not-an-address' }, { email: AUTH_MESSAGES.emailInvalid }],
    [
      { display_name: 'Pat', email: `${'a'.repeat(LIMITS.emailMax)}@e.co` },
      { email: AUTH_MESSAGES.emailTooLong },
    ],
  ])('%j shows %j', (draft, expected) => {
    expect(firstErrors(draft)).toEqual(expected);
  });
});
