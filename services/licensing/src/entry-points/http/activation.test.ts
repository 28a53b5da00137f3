import {
  ACTIVATION_CODE_PATTERN,
  ActivateResponse,
  ActivationCodeResponse,
  LICENSING_MESSAGES as m,
  LicensePublicKeyResponse,
  normalizeActivationCode,
  readDeviceLicense,
  verifyDeviceLicense,
} from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivationCodeHashes } from '../../domain/activation';
import { JWT_SECRET, useLicensingService, type Caller } from '../../test-support/harness';

const svc = useLicensingService({ ACTIVATION_CODE_TTL_MINUTES: '60', DEFAULT_LICENSE_DAYS: '200' });

/** The hash a shown code is stored under (activation-code-storage.test.ts proves the code itself is not). */
const storedHash = (shown: string) =>
  createActivationCodeHashes(JWT_SECRET).of(normalizeActivationCode(shown));

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
});

const mint = async (body?: object) => {
  const req = request(svc.app()).post('/api/licenses/codes').set(admin.headers);
  const res = body === undefined ? await req : await req.send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ActivationCodeResponse.parse(res.body);
};
const grant = (userId: number, amount: number) =>
  request(svc.app()).post(`/api/users/${userId}/credits`).set(admin.headers).send({ amount }).expect(200);
const activate = (body: unknown, who: Caller = admin) =>
  request(svc.app())
    .post('/api/license/activate')
    .set(who.headers)
    .send(body as object);

describe('POST /api/licenses/codes (admin)', () => {
  it('mints a short unambiguous single-use code for the user, with its expiry', async () => {
    const cook = await svc.user();
    const before = Date.now();
    const code = await mint({ user_id: cook.id });
    expect(code.code).toMatch(ACTIVATION_CODE_PATTERN);
    expect(code.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(code.code).not.toMatch(/[01OIL]/);
    expect(code.user_id).toBe(cook.id);
    const expires = Date.parse(code.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(60 * 60_000 + 5000);
    const [row] = await svc.query('select * from activation_codes where code_hash = $1', [
      storedHash(code.code),
    ]);
    expect(row).toMatchObject({ user_id: cook.id, created_by: admin.id, used_at: null, device_id: null });
  });

  it('with an empty body the code is for the calling admin (SPEC.md: empty body)', async () => {
    expect((await mint()).user_id).toBe(admin.id);
    expect((await mint({})).user_id).toBe(admin.id);
  });

  it('answers 400 for a bad user id and 403 for a non-admin; nothing stored', async () => {
    const before = await svc.counts();
    for (const user_id of [0, -1, 'x', 1.5]) {
      const res = await request(svc.app()).post('/api/licenses/codes').set(admin.headers).send({ user_id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', message: m.userRequired });
    }
    const res = await request(svc.app())
      .post('/api/licenses/codes')
      .set((await svc.user()).headers)
      .send({});
    expect(res.status).toBe(403);
    expect((await request(svc.app()).post('/api/licenses/codes')).status).toBe(401);
    expect(await svc.counts()).toEqual(before);
  });
});

describe('POST /api/license/activate', () => {
  it('consumes the code and one credit, registers the device and answers a device token that verifies offline', async () => {
    const cook = await svc.user();
    await grant(cook.id, 3);
    const code = await mint({ user_id: cook.id });
    const res = await activate({
      code: ` ${code.code.toLowerCase()} `,
      device_uid: ' pit-tablet ',
      device_name: ' Pit tablet ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = ActivateResponse.parse(res.body);
    expect(body).toMatchObject({ user_id: cook.id, balance: 2 });
    const key = LicensePublicKeyResponse.parse(
      (await request(svc.app()).get('/api/licenses/public-key')).body,
    );
    expect(await verifyDeviceLicense(body.device_token, key.public_key)).toMatchObject({ ok: true });
    const claims = readDeviceLicense(body.device_token)!.claims;
    expect(claims).toMatchObject({ sub: String(cook.id), device_id: 'pit-tablet' });
    expect(claims.exp - claims.iat).toBe(200 * 86_400);

    const [device] = await svc.query('select * from devices where id = $1', [body.device_id]);
    expect(device).toMatchObject({
      user_id: cook.id,
      device_uid: 'pit-tablet',
      device_name: 'Pit tablet',
      revoked_at: null,
    });
    const [used] = await svc.query('select used_at, device_id from activation_codes where code_hash = $1', [
      storedHash(code.code),
    ]);
    expect(used!.used_at).toBeInstanceOf(Date);
    expect(used!.device_id).toBe(body.device_id);
    const ledger = await svc.query(
      'select delta, reason, activation_code_id from credit_ledger where user_id = $1 order by id',
      [cook.id],
    );
    expect(ledger.map((row) => [row.delta, row.reason])).toEqual([
      [3, 'admin_grant'],
      [-1, 'activation'],
    ]);
    expect(ledger[1]!.activation_code_id).not.toBeNull();
  });

  it('a signed-in user (not only an admin) may activate with a code minted for them; an empty device name is omitted', async () => {
    const cook = await svc.user();
    await grant(cook.id, 1);
    const code = await mint({ user_id: cook.id });
    const res = await activate({ code: code.code, device_uid: 'own-phone', device_name: '   ' }, cook).expect(
      200,
    );
    expect(res.body.balance).toBe(0);
    const [device] = await svc.query('select device_name from devices where id = $1', [res.body.device_id]);
    expect(device).toEqual({ device_name: null });
  });

  describe('refusals consume nothing', () => {
    const refused = async (body: unknown, status: number, error: string, message: string) => {
      const before = await svc.counts();
      const res = await activate(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toEqual({ error, message });
      expect(await svc.counts()).toEqual(before);
    };

    it('a used code answers 409 activation_code_used', async () => {
      const cook = await svc.user();
      await grant(cook.id, 5);
      const code = await mint({ user_id: cook.id });
      await activate({ code: code.code, device_uid: 'first' }).expect(200);
      await refused(
        { code: code.code, device_uid: 'second' },
        409,
        'activation_code_used',
        m.activationCodeUsed,
      );
    });

    it('an expired code answers 409 activation_code_expired', async () => {
      const cook = await svc.user();
      await grant(cook.id, 5);
      const code = await mint({ user_id: cook.id });
      svc.clock.advance(60 * 60_000 + 1000);
      try {
        await refused(
          { code: code.code, device_uid: 'late' },
          409,
          'activation_code_expired',
          m.activationCodeExpired,
        );
      } finally {
        svc.clock.reset();
      }
    });

    it('a user with no credits answers 409 no_credits; the code stays usable once credits are added', async () => {
      const cook = await svc.user();
      const code = await mint({ user_id: cook.id });
      await refused({ code: code.code, device_uid: 'broke' }, 409, 'no_credits', m.noCredits);
      await grant(cook.id, 1);
      await adjustToZeroAndBack(cook.id);
      await activate({ code: code.code, device_uid: 'broke' }).expect(200);
    });

    it('an unknown code answers 404 activation_code_unknown', async () => {
      await refused(
        { code: 'ZZZZ-ZZZZ', device_uid: 'x' },
        404,
        'activation_code_unknown',
        m.activationCodeUnknown,
      );
    });

    it('a revoked device of that user answers 403 device_revoked', async () => {
      const cook = await svc.user();
      await grant(cook.id, 5);
      const first = await activate({
        code: (await mint({ user_id: cook.id })).code,
        device_uid: 'stolen',
      }).expect(200);
      await request(svc.app())
        .patch(`/api/licenses/devices/${first.body.device_id}/revoke`)
        .set(admin.headers)
        .expect(200);
      const code = await mint({ user_id: cook.id });
      await refused({ code: code.code, device_uid: 'stolen' }, 403, 'device_revoked', m.deviceRevoked);
    });

    it.each([
      ['no body', undefined],
      ['no code', { device_uid: 'u' }],
      ['no device UID', { code: 'ABCD-EFGH' }],
      ['a blank code', { code: '   ', device_uid: 'u' }],
      ['a blank device UID', { code: 'ABCD-EFGH', device_uid: '  ' }],
      ['a code that is not text', { code: 1234, device_uid: 'u' }],
    ])('%s answers 400 "Code and Device UID are required."', async (_name, body) => {
      const before = await svc.counts();
      const res = await activate(body).expect(400);
      expect(errorBodySchema.parse(res.body)).toMatchObject({
        error: 'validation_failed',
        message: m.activationRequired,
      });
      expect(await svc.counts()).toEqual(before);
    });

    it('a device UID or name too long answers 400', async () => {
      const before = await svc.counts();
      expect((await activate({ code: 'ABCD-EFGH', device_uid: 'u'.repeat(129) })).status).toBe(400);
      expect(
        (await activate({ code: 'ABCD-EFGH', device_uid: 'u', device_name: 'n'.repeat(201) })).status,
      ).toBe(400);
      expect(await svc.counts()).toEqual(before);
    });

    it('answers 401 without a token', async () => {
      expect(
        (await request(svc.app()).post('/api/license/activate').send({ code: 'A', device_uid: 'u' })).status,
      ).toBe(401);
    });
  });

  it('20 simultaneous activations with one code succeed once; with 3 credits and 10 codes, exactly 3 succeed', async () => {
    const cook = await svc.user();
    await grant(cook.id, 10);
    const code = await mint({ user_id: cook.id });
    const race = await Promise.all(
      Array.from({ length: 20 }, (_, i) => activate({ code: code.code, device_uid: `r-${i}` })),
    );
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status === 409).every((r) => r.body.error === 'activation_code_used')).toBe(
      true,
    );

    const poor = await svc.user();
    await grant(poor.id, 3);
    const codes = await Promise.all(Array.from({ length: 10 }, () => mint({ user_id: poor.id })));
    const results = await Promise.all(codes.map((c, i) => activate({ code: c.code, device_uid: `p-${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'no_credits')).toBe(true);
    const [balance] = await svc.query('select balance from credit_balances where user_id = $1', [poor.id]);
    expect(balance).toEqual({ balance: 0 });
    expect(await svc.count('credit_ledger', 'user_id = $1', [poor.id])).toBe(4);
    expect(await svc.count('activation_codes', 'user_id = $1 and used_at is not null', [poor.id])).toBe(3);
  });
});

/** A balance that went to 0 through the ledger still activates once credits come back. */
async function adjustToZeroAndBack(userId: number) {
  await request(svc.app())
    .post('/api/licenses/credits/admin-adjust')
    .set(admin.headers)
    .send({ user_id: userId, amount: -1 })
    .expect(200);
  await grant(userId, 1);
}
