import { generateKeyPairSync } from 'node:crypto';
import {
  LICENSING_MESSAGES as m,
  LicensePublicKeyResponse,
  RedeemResponse,
  readDeviceLicense,
  verifyDeviceLicense,
  type PromoCode,
} from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import { listen } from '@pitclock/kit/testing';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { jwkThumbprint } from '../../domain/license-token';
import { useLicensingService, type Caller } from '../../test-support/harness';

const DAY_MS = 86_400_000;
const svc = useLicensingService({ DEFAULT_LICENSE_DAYS: '365' });

let admin: Caller;
let codeSeq = 0;
beforeAll(async () => {
  admin = await svc.admin();
});

const newCode = async (body: Record<string, unknown> = {}): Promise<PromoCode> => {
  codeSeq += 1;
  const res = await request(svc.app())
    .post('/api/promo-codes')
    .set(admin.headers)
    .send({ code: `REDEEM-${codeSeq}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as PromoCode;
};

const redeem = (who: Caller, body: unknown) =>
  request(svc.app())
    .post('/api/promo-codes/redeem')
    .set(who.headers)
    .send(body as object);

const publicKey = async () =>
  LicensePublicKeyResponse.parse((await request(svc.app()).get('/api/licenses/public-key').expect(200)).body);

describe('POST /api/promo-codes/redeem', () => {
  it('records the redemption, registers the device and answers a licence that verifies offline with the served public key (WebCrypto)', async () => {
    const promo = await newCode({ max_uses: 5, license_days: 30 });
    const cook = await svc.user();
    const before = Date.now();
    const res = await redeem(cook, { code: ` ${promo.code.toLowerCase()} `, device_id: ' device-abc ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = RedeemResponse.parse(res.body);
    expect(body).toMatchObject({ device_id: 'device-abc', user_id: cook.id });

    const key = await publicKey();
    const viaJwk = await verifyDeviceLicense(body.license, key.public_key);
    const viaPem = await verifyDeviceLicense(body.license, key.public_key_pem);
    expect(viaJwk).toEqual(viaPem);
    expect(viaJwk.ok).toBe(true);
    const claims = readDeviceLicense(body.license)!.claims;
    expect(claims).toMatchObject({ sub: String(cook.id), device_id: 'device-abc', kid: key.kid });
    expect(readDeviceLicense(body.license)!.header).toEqual({ alg: 'ES256', kid: key.kid });
    expect(claims.iat * 1000).toBeGreaterThanOrEqual(before - 1000);
    expect(claims.exp - claims.iat).toBe(30 * 86_400);
    expect(new Date(body.expires_at).getTime()).toBe(
      claims.exp * 1000 + (Date.parse(body.expires_at) % 1000),
    );

    const [redemption] = await svc.query('select * from redemptions where promo_code_id = $1', [promo.id]);
    expect(redemption).toMatchObject({ user_id: cook.id, device_uid: 'device-abc' });
    const [device] = await svc.query('select * from devices where user_id = $1', [cook.id]);
    expect(device).toMatchObject({ device_uid: 'device-abc', revoked_at: null, id: redemption!.device_id });
    expect((device!.license_expires_at as Date).toISOString()).toBe(body.expires_at);
    expect((await svc.query('select used_count from promo_codes where id = $1', [promo.id]))[0]).toEqual({
      used_count: 1,
    });
  });

  it('a tampered licence, or one checked against another key, does not verify', async () => {
    const promo = await newCode();
    const res = await redeem(await svc.user(), { code: promo.code, device_id: 'device-tamper' }).expect(201);
    const { license } = RedeemResponse.parse(res.body);
    const key = await publicKey();
    const [header, payload, signature] = license.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const longer = Buffer.from(
      JSON.stringify({ ...claims, exp: Number(claims.exp) + 365 * 86_400 }),
    ).toString('base64url');
    expect(await verifyDeviceLicense(`${header}.${longer}.${signature}`, key.public_key)).toEqual({
      ok: false,
      reason: 'signature',
    });
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await verifyDeviceLicense(`${header}.${payload}.${flipped}`, key.public_key)).ok).toBe(false);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    expect((await verifyDeviceLicense(license, other)).ok).toBe(false);
  });

  it('without license_days the licence lasts DEFAULT_LICENSE_DAYS', async () => {
    const promo = await newCode();
    const res = await redeem(await svc.user(), { code: promo.code, device_id: 'device-default' }).expect(201);
    const claims = readDeviceLicense(res.body.license)!.claims;
    expect(claims.exp - claims.iat).toBe(365 * 86_400);
  });

  it('a second code on the same device refreshes that device: one device row, the later expiry kept', async () => {
    const cook = await svc.user();
    const long = await newCode({ license_days: 100 });
    const short = await newCode({ license_days: 10 });
    const first = await redeem(cook, { code: long.code, device_id: 'device-same' }).expect(201);
    const second = await redeem(cook, { code: short.code, device_id: 'device-same' }).expect(201);
    expect(await svc.count('devices', 'user_id = $1', [cook.id])).toBe(1);
    expect(await svc.count('redemptions', 'user_id = $1', [cook.id])).toBe(2);
    expect(second.body.expires_at).toBe(first.body.expires_at);
  });

  describe('refusals: each with its own status, code and message, and nothing stored', () => {
    const refused = async (who: Caller, body: unknown, status: number, error: string, message: string) => {
      const before = await svc.counts();
      const res = await redeem(who, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toEqual({ error, message });
      expect(await svc.counts()).toEqual(before);
    };

    it('an unknown code answers 404 code_unknown', async () => {
      await refused(
        await svc.user(),
        { code: 'NO-SUCH-CODE', device_id: 'd' },
        404,
        'code_unknown',
        m.codeUnknown,
      );
    });

    it('a disabled code answers 409 code_disabled', async () => {
      const promo = await newCode();
      await request(svc.app()).post(`/api/promo-codes/${promo.id}/toggle`).set(admin.headers).expect(200);
      await refused(
        await svc.user(),
        { code: promo.code, device_id: 'd' },
        409,
        'code_disabled',
        m.codeDisabled,
      );
    });

    it('an expired code answers 409 code_expired', async () => {
      const promo = await newCode({ expires_at: new Date(Date.now() + DAY_MS).toISOString() });
      svc.clock.advance(DAY_MS + 1000);
      try {
        await refused(
          await svc.user(),
          { code: promo.code, device_id: 'd' },
          409,
          'code_expired',
          m.codeExpired,
        );
      } finally {
        svc.clock.reset();
      }
    });

    it('a used-up code answers 409 code_used_up', async () => {
      const promo = await newCode({ max_uses: 1 });
      await redeem(await svc.user(), { code: promo.code, device_id: 'first-device' }).expect(201);
      await refused(
        await svc.user(),
        { code: promo.code, device_id: 'other-device' },
        409,
        'code_used_up',
        m.codeUsedUp,
      );
    });

    it('a second redemption by the same user (another device) answers 409 already_redeemed_user', async () => {
      const promo = await newCode();
      const cook = await svc.user();
      await redeem(cook, { code: promo.code, device_id: 'phone' }).expect(201);
      await refused(
        cook,
        { code: promo.code, device_id: 'tablet' },
        409,
        'already_redeemed_user',
        m.alreadyRedeemedUser,
      );
    });

    it('a second redemption on the same device (another user) answers 409 already_redeemed_device', async () => {
      const promo = await newCode();
      await redeem(await svc.user(), { code: promo.code, device_id: 'shared-laptop' }).expect(201);
      await refused(
        await svc.user(),
        { code: promo.code, device_id: 'shared-laptop' },
        409,
        'already_redeemed_device',
        m.alreadyRedeemedDevice,
      );
    });

    it('a revoked device answers 403 device_revoked: a new code does not bring it back', async () => {
      const cook = await svc.user();
      await redeem(cook, { code: (await newCode()).code, device_id: 'revoked-one' }).expect(201);
      const [device] = await svc.query<{ id: number }>('select id from devices where user_id = $1', [
        cook.id,
      ]);
      await request(svc.app())
        .patch(`/api/licenses/devices/${device!.id}/revoke`)
        .set(admin.headers)
        .expect(200);
      const promo = await newCode();
      await refused(
        cook,
        { code: promo.code, device_id: 'revoked-one' },
        403,
        'device_revoked',
        m.deviceRevoked,
      );
    });

    it.each([
      ['no body', undefined, m.codeRequired],
      ['no code', { device_id: 'd' }, m.codeRequired],
      ['a blank code', { code: '  ', device_id: 'd' }, m.codeRequired],
      ['a code that is not text', { code: 7, device_id: 'd' }, m.codeRequired],
      ['a code of 65 characters', { code: 'C'.repeat(65), device_id: 'd' }, m.codeTooLong],
      ['no device id', { code: 'ANY' }, m.deviceIdRequired],
      ['a blank device id', { code: 'ANY', device_id: '   ' }, m.deviceIdRequired],
      [
        'a device id of 129 characters',
        { code: 'ANY', device_id: 'd'.repeat(129) },
        'Device id must be at most 128 characters',
      ],
    ])('answers 400 for %s', async (_name, body, message) => {
      const before = await svc.counts();
      const res = await redeem(await svc.user(), body);
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ error: 'validation_failed', message });
      expect(await svc.counts()).toEqual(before);
    });

    it('answers 401 without a token or with a bad one', async () => {
      const promo = await newCode();
      const before = await svc.counts();
      const body = { code: promo.code, device_id: 'd' };
      expect((await request(svc.app()).post('/api/promo-codes/redeem').send(body)).status).toBe(401);
      const forged = { Authorization: 'Bearer not.a.token' };
      expect((await request(svc.app()).post('/api/promo-codes/redeem').set(forged).send(body)).status).toBe(
        401,
      );
      expect(await svc.counts()).toEqual(before);
    });
  });

  it('answers 429 with Retry-After once a user passes REDEEM_LIMIT_PER_USER_PER_MINUTE, nothing stored', async () => {
    const limited = svc.makeApp({ REDEEM_LIMIT_PER_USER_PER_MINUTE: '2' });
    const cook = await svc.user();
    for (const device of ['x1', 'x2'])
      await request(limited)
        .post('/api/promo-codes/redeem')
        .set(cook.headers)
        .send({ code: 'NOPE', device_id: device })
        .expect(404);
    const promo = await newCode();
    const before = await svc.counts();
    const res = await request(limited)
      .post('/api/promo-codes/redeem')
      .set(cook.headers)
      .send({ code: promo.code, device_id: 'x3' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorBodySchema.parse(res.body).error).toBe('too_many_requests');
    expect(await svc.counts()).toEqual(before);
  });
});

describe('redemption is atomic under concurrency', () => {
  const post = (url: string, who: Caller, body: object) =>
    fetch(`${url}/api/promo-codes/redeem`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

  it('200 simultaneous redeems of a code with max_uses 10 give exactly 10 licences and 10 redemptions', async () => {
    const promo = await newCode({ max_uses: 10 });
    const cooks = await Promise.all(Array.from({ length: 200 }, () => svc.user()));
    const server = await listen(svc.app());
    try {
      const results = await Promise.all(
        cooks.map((cook, i) => post(server.url, cook, { code: promo.code, device_id: `race-${i}` })),
      );
      const ok = results.filter((r) => r.status === 201);
      expect(ok).toHaveLength(10);
      expect(ok.every((r) => typeof r.body.license === 'string')).toBe(true);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.every((r) => r.status === 409 && r.body.error === 'code_used_up')).toBe(true);
    } finally {
      await server.close();
    }
    expect(await svc.count('redemptions', 'promo_code_id = $1', [promo.id])).toBe(10);
    const [row] = await svc.query('select used_count from promo_codes where id = $1', [promo.id]);
    expect(row).toEqual({ used_count: 10 });
    const ids = cooks.map((c) => c.id);
    expect(await svc.count('devices', 'user_id = any($1)', [ids])).toBe(10);
  });

  it('one user racing on two devices, or two users racing on one device, redeem once', async () => {
    const promo = await newCode();
    const cook = await svc.user();
    const server = await listen(svc.app());
    try {
      const sameUser = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(server.url, cook, { code: promo.code, device_id: `own-${i}` }),
        ),
      );
      expect(sameUser.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(sameUser.filter((r) => r.status !== 201).map((r) => r.body.error))).toEqual(
        new Set(['already_redeemed_user']),
      );
      const others = await Promise.all(Array.from({ length: 20 }, () => svc.user()));
      const sameDevice = await Promise.all(
        others.map((other) => post(server.url, other, { code: promo.code, device_id: 'one-shared-device' })),
      );
      expect(sameDevice.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(sameDevice.filter((r) => r.status !== 201).map((r) => r.body.error))).toEqual(
        new Set(['already_redeemed_device']),
      );
    } finally {
      await server.close();
    }
    expect(await svc.count('redemptions', 'promo_code_id = $1', [promo.id])).toBe(2);
  });
});

describe('GET /api/licenses/public-key', () => {
  it('is public, cacheable, ES256 with the thumbprint as kid, and one key shared by every instance', async () => {
    const res = await request(svc.app()).get('/api/licenses/public-key').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const key = LicensePublicKeyResponse.parse(res.body);
    expect(key.kid).toBe(await jwkThumbprint(key.public_key));
    const second = await request(svc.makeApp()).get('/api/licenses/public-key').expect(200);
    expect(second.body).toEqual(res.body);
    expect(await svc.count('signing_keys')).toBe(1);
  });

  it('serves LICENSE_PRIVATE_KEY when it is configured (and signs with it)', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const app = svc.makeApp({ LICENSE_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    const key = LicensePublicKeyResponse.parse(
      (await request(app).get('/api/licenses/public-key').expect(200)).body,
    );
    const stored = await svc.query<{ kid: string }>('select kid from signing_keys');
    expect(stored.map((row) => row.kid)).not.toContain(key.kid);
    const res = await request(app)
      .post('/api/promo-codes/redeem')
      .set((await svc.user()).headers)
      .send({ code: (await newCode()).code, device_id: 'configured-key' })
      .expect(201);
    expect(await verifyDeviceLicense(res.body.license, key.public_key)).toMatchObject({ ok: true });
  });
});
