import { describe, expect, it } from 'vitest';
import { placeServerError } from './user-edit';

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
