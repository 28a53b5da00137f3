import { describe, expect, it } from 'vitest';
import { fieldOfError } from './promo-form-rules';

describe('fieldOfError: a refused create goes beside the input the server names, never by its text', () => {
  it('a validation answer about one input goes beside that input', () => {
    for (const field of ['code', 'max_uses', 'license_days', 'expires_at'] as const) {
      expect(
        fieldOfError({
          status: 400,
          code: 'validation_failed',
          field,
          message: 'A text the form has never seen',
        }),
      ).toBe(field);
    }
  });

  it('code_taken goes beside the code', () => {
    expect(fieldOfError({ status: 409, code: 'code_taken', message: 'anything' })).toBe('code');
  });

  it('a known rule text without a machine-readable field, another code or an unknown input goes under the form', () => {
    expect(
      fieldOfError({ status: 400, code: 'validation_failed', message: 'Code is required' }),
    ).toBeUndefined();
    expect(fieldOfError({ status: 400, code: 'invalid_json', message: 'Code is required' })).toBeUndefined();
    expect(
      fieldOfError({ status: 400, code: 'validation_failed', field: 'created_by', message: 'x' }),
    ).toBeUndefined();
    expect(fieldOfError({ status: 0, message: 'Network Error' })).toBeUndefined();
  });
});
