import { describe, expect, it } from 'vitest';
import { CreatePromoCodeRequest } from '@pitclock/contracts/schemas';
import { EMPTY_PROMO_FORM, fieldOfError, localDateTimeToIso, toCreateBody } from './promo-form';

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

describe('the create form with the server rules', () => {
  const parse = (form: Record<string, unknown>) =>
    CreatePromoCodeRequest.safeParse({ ...EMPTY_PROMO_FORM, ...form });

  it('an empty form is refused beside Code only, first with "Code is required"', () => {
    const issues = parse({}).error?.issues ?? [];
    expect(new Set(issues.map((issue) => issue.path.join('.')))).toEqual(new Set(['code']));
    expect(issues[0]?.message).toBe('Code is required');
  });

  it('a datetime-local expiry is read as the device’s local time and sent as an ISO instant', () => {
    const iso = localDateTimeToIso('2099-06-30T18:30');
    expect(iso).toBe(new Date(2099, 5, 30, 18, 30).toISOString());
    const parsed = parse({ code: ' summer ', expires_at: iso });
    expect(parsed.data && toCreateBody(parsed.data)).toEqual({ code: 'SUMMER', expires_at: iso });
  });

  it('an unreadable expiry is kept, and refused with the server text', () => {
    expect(localDateTimeToIso('soon')).toBe('soon');
    expect(parse({ code: 'A', expires_at: 'soon' }).error?.issues[0]?.message).toBe(
      'Expiry must be an ISO date-time',
    );
  });

  it('leaves out what is left empty (unlimited uses, the default days, no expiry), sends numbers given', () => {
    const empty = parse({ code: 'open' });
    expect(empty.data && toCreateBody(empty.data)).toEqual({ code: 'OPEN' });
    const full = parse({ code: 'x', max_uses: 5, license_days: 30 });
    expect(full.data && toCreateBody(full.data)).toEqual({ code: 'X', max_uses: 5, license_days: 30 });
  });
});
