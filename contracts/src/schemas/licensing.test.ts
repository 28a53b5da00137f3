import { describe, expect, it } from 'vitest';
import {
  ActivateRequest,
  AddCreditsRequest,
  AdminAdjustRequest,
  CreatePromoCodeRequest,
  CreditsQuery,
  LicenseStatusesQuery,
  MintActivationCodeRequest,
  PromoCodeIdParam,
  RedeemRequest,
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_PATTERN,
  LICENSING_MESSAGES as m,
  formatActivationCode,
  normalizeActivationCode,
} from './licensing';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('CreatePromoCodeRequest (SPEC.md section 5)', () => {
  it('trims the code and stores it upper-case; empty max_uses, 0 and absent mean unlimited (null)', () => {
    expect(CreatePromoCodeRequest.parse({ code: '  bbq-2026 ' })).toEqual({
      code: 'BBQ-2026',
      max_uses: null,
      license_days: null,
      expires_at: null,
    });
    expect(CreatePromoCodeRequest.parse({ code: 'a', max_uses: '' }).max_uses).toBeNull();
    expect(CreatePromoCodeRequest.parse({ code: 'a', max_uses: 0 }).max_uses).toBeNull();
    expect(CreatePromoCodeRequest.parse({ code: 'a', max_uses: null }).max_uses).toBeNull();
    expect(CreatePromoCodeRequest.parse({ code: 'a', max_uses: 10 }).max_uses).toBe(10);
    expect(CreatePromoCodeRequest.parse({ code: 'a', max_uses: '7' }).max_uses).toBe(7);
  });

  it('license_days is optional and at least 1; expires_at an ISO instant normalised to UTC', () => {
    expect(CreatePromoCodeRequest.parse({ code: 'a', license_days: 30 }).license_days).toBe(30);
    expect(CreatePromoCodeRequest.parse({ code: 'a', license_days: '' }).license_days).toBeNull();
    expect(
      CreatePromoCodeRequest.parse({ code: 'a', expires_at: '2030-01-02T03:04:05+02:00' }).expires_at,
    ).toBe('2030-01-02T01:04:05.000Z');
  });

  it.each([
    [{}, m.codeRequired],
    [{ code: '   ' }, m.codeRequired],
    [{ code: 42 }, m.codeRequired],
    [{ code: 'x'.repeat(65) }, m.codeTooLong],
    [{ code: 'BBQ 2026' }, m.codeCharacters],
    [{ code: 'a', max_uses: -1 }, m.maxUsesInvalid],
    [{ code: 'a', max_uses: 1.5 }, m.maxUsesInvalid],
    [{ code: 'a', max_uses: 'ten' }, m.maxUsesInvalid],
    [{ code: 'a', license_days: 0 }, m.licenseDaysInvalid],
    [{ code: 'a', license_days: -3 }, m.licenseDaysInvalid],
    [{ code: 'a', expires_at: 'next tuesday' }, m.expiresAtInvalid],
    [{ code: 'a', expires_at: '2030-01-02T03:04:05' }, m.expiresAtInvalid],
    // Instants PostgreSQL cannot store (year 0, or past 9999 once the offset is applied): 500 before.
    [{ code: 'a', expires_at: '0000-01-01T00:00:00Z' }, m.expiresAtInvalid],
    [{ code: 'a', expires_at: '9999-12-31T23:59:59-23:59' }, m.expiresAtInvalid],
  ])('refuses %j with %j', (body, message) => {
    expect(messages(CreatePromoCodeRequest.safeParse(body))).toContain(message);
  });
});

describe('RedeemRequest', () => {
  it('trims and upper-cases the code and trims the device id', () => {
    expect(RedeemRequest.parse({ code: ' smoke ', device_id: ' dev-1 ' })).toEqual({
      code: 'SMOKE',
      device_id: 'dev-1',
    });
  });

  it('needs both', () => {
    expect(messages(RedeemRequest.safeParse({ code: ' ', device_id: 'd' }))).toEqual([m.codeRequired]);
    expect(messages(RedeemRequest.safeParse({ code: 'A' }))).toEqual([m.deviceIdRequired]);
  });
});

describe('ActivateRequest (SPEC.md section 5, manual activation)', () => {
  it('trims the values, normalises the code and omits an empty device name', () => {
    expect(ActivateRequest.parse({ code: ' abcd-efgh ', device_uid: ' uid ', device_name: '  ' })).toEqual({
      code: 'ABCDEFGH',
      device_uid: 'uid',
    });
    expect(ActivateRequest.parse({ code: 'ABCDEFGH', device_uid: 'u', device_name: ' Pit tablet ' })).toEqual(
      {
        code: 'ABCDEFGH',
        device_uid: 'u',
        device_name: 'Pit tablet',
      },
    );
  });

  it.each([
    {},
    { code: 'ABCD' },
    { device_uid: 'u' },
    { code: '  ', device_uid: 'u' },
    { code: 'A', device_uid: ' ' },
  ])('answers "Code and Device UID are required." for %j', (body) => {
    const result = ActivateRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(new Set(messages(result))).toEqual(new Set([m.activationRequired]));
  });
});

describe('credits', () => {
  it('admin-adjust takes a signed whole number that is not 0 (a numeric string too)', () => {
    expect(AdminAdjustRequest.parse({ user_id: 3, amount: -2 })).toEqual({ user_id: 3, amount: -2 });
    expect(AdminAdjustRequest.parse({ user_id: '3', amount: '+5' })).toEqual({ user_id: 3, amount: 5 });
    for (const amount of [0, '', 1.5, 'abc', null, 1_000_001])
      expect(AdminAdjustRequest.safeParse({ user_id: 3, amount }).success).toBe(false);
    expect(messages(AdminAdjustRequest.safeParse({ amount: 1 }))).toEqual([m.userRequired]);
  });

  it('add-credits needs an amount > 0', () => {
    expect(AddCreditsRequest.parse({ amount: 10 })).toEqual({ amount: 10 });
    for (const amount of [0, -1, '', 'x', 2.5])
      expect(messages(AddCreditsRequest.safeParse({ amount }))).toEqual([m.amountPositive]);
  });

  it('the credits query needs a user id', () => {
    expect(CreditsQuery.parse({ user_id: '12' })).toEqual({ user_id: 12 });
    expect(messages(CreditsQuery.safeParse({}))).toEqual([m.userRequired]);
    expect(CreditsQuery.safeParse({ user_id: '0' }).success).toBe(false);
  });
});

describe('ids, statuses query and activation codes', () => {
  it('path ids are positive whole numbers', () => {
    expect(PromoCodeIdParam.parse('5')).toBe(5);
    for (const id of ['0', '-1', 'x', '1.5', '99999999999'])
      expect(PromoCodeIdParam.safeParse(id).success).toBe(false);
  });

  it('mint takes an empty body or a user id', () => {
    expect(MintActivationCodeRequest.parse(undefined)).toEqual({});
    expect(MintActivationCodeRequest.parse({ user_id: 4 })).toEqual({ user_id: 4 });
    expect(MintActivationCodeRequest.safeParse({ user_id: -4 }).success).toBe(false);
  });

  it('statuses take a list of user ids', () => {
    expect(LicenseStatusesQuery.parse({ user_ids: '1,2,2,30' })).toEqual({ user_ids: [1, 2, 30] });
    expect(LicenseStatusesQuery.parse({})).toEqual({});
    expect(LicenseStatusesQuery.safeParse({ user_ids: '1,,2' }).success).toBe(false);
  });

  it('statuses refuse a user id past a PostgreSQL integer and more than 1,000 ids (they answered 500)', () => {
    expect(LicenseStatusesQuery.parse({ user_ids: '2147483647' })).toEqual({ user_ids: [2_147_483_647] });
    for (const user_ids of ['2147483648', '1,9999999999', '4294967296'])
      expect(LicenseStatusesQuery.safeParse({ user_ids }).success, user_ids).toBe(false);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect(LicenseStatusesQuery.parse({ user_ids: ids(1_000) }).user_ids).toHaveLength(1_000);
    expect(LicenseStatusesQuery.safeParse({ user_ids: ids(1_001) }).success).toBe(false);
    expect(LicenseStatusesQuery.safeParse({ user_ids: '1,'.repeat(50_000) }).success).toBe(false);
  });

  it('the activation alphabet has no 0, O, 1, I or L; codes are shown in two groups', () => {
    expect(ACTIVATION_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(new Set(ACTIVATION_CODE_ALPHABET).size).toBe(ACTIVATION_CODE_ALPHABET.length);
    expect(formatActivationCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(normalizeActivationCode(' abcd - efgh ')).toBe('ABCDEFGH');
    expect(ACTIVATION_CODE_PATTERN.test('ABCD-EFGH')).toBe(true);
    expect(ACTIVATION_CODE_PATTERN.test('ABCD-EFG1')).toBe(false);
  });
});

describe('public surface and browser weight', () => {
  it('the licensing schemas, texts and verifier are exported from @pitclock/contracts and /schemas', async () => {
    const main = await import('../index');
    const schemas = await import('./index');
    for (const name of [
      'CreatePromoCodeRequest',
      'RedeemRequest',
      'ActivateRequest',
      'LicensePublicKeyResponse',
      'LICENSING_MESSAGES',
      'LICENSING_CLIENT_TEXTS',
      'verifyDeviceLicense',
      'readDeviceLicense',
    ]) {
      expect(main, name).toHaveProperty(name);
      expect(schemas, name).toHaveProperty(name);
    }
  });

  it('the texts and the offline verifier import no zod (the browser bundles them without it)', async () => {
    const { readFileSync } = await import('node:fs');
    for (const file of ['licensing-messages.ts', 'licensing-token.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/from ['"]zod['"]|import\(['"]zod['"]\)/);
      expect(source, file).not.toMatch(/from ['"]\.\/licensing['"]/);
    }
  });
});
