import { randomBytes } from 'node:crypto';
import { ActivationCodeResponse } from '@pitclock/contracts/schemas';
import { createLogger, errorBodySchema } from '@pitclock/kit';
import { withNulInEachString } from '@pitclock/kit/testing';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ownedTables } from '../../data-access';
import { testConfig, useLicensingService, type Caller } from '../../test-support/harness';

const svc = useLicensingService();

const PROMO = 'HOSTILE-PROMO';
let admin: Caller;
let cook: Caller;
let activationCode: string;

beforeAll(async () => {
  admin = await svc.admin();
  cook = await svc.user();
  await request(svc.app())
    .post('/api/promo-codes')
    .set(admin.headers)
    .send({ code: PROMO, max_uses: 100 })
    .expect(201);
  const minted = await request(svc.app())
    .post('/api/licenses/codes')
    .set(admin.headers)
    .send({ user_id: cook.id })
    .expect(201);
  activationCode = ActivationCodeResponse.parse(minted.body).code;
});

/** Every row of every table of the service: what a refused request must leave as it was. */
const stored = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const table of ownedTables) tables[table] = await svc.query(`select * from ${table} order by 1`);
  return tables;
};

const expectRefusedAndNothingStored = async (send: () => PromiseLike<request.Response>) => {
  const before = await stored();
  const res = await send();
  expect(res.status, res.text).toBe(400);
  expect(errorBodySchema.parse(res.body).error).toBe('invalid_characters');
  expect(await stored()).toEqual(before);
};

const redeemBody = { code: PROMO, device_id: 'device-hostile' };
const checkBody = { device_id: 'device-hostile' };
/** The code is minted in beforeAll: each case takes its variant of the real body by path. */
const activateBody = () => ({ code: activationCode, device_uid: 'hostile-phone', device_name: 'Pit phone' });
const activatePaths = withNulInEachString({ code: 'X', device_uid: 'X', device_name: 'X' }).map(
  ({ path }) => path,
);

describe('a NUL character in any string field answers 400 invalid_characters and stores nothing (hole 2)', () => {
  it.each(withNulInEachString(redeemBody))('POST /api/promo-codes/redeem with a NUL in $path', ({ value }) =>
    expectRefusedAndNothingStored(() =>
      request(svc.app())
        .post('/api/promo-codes/redeem')
        .set(cook.headers)
        .send(value as object),
    ),
  );

  it.each(withNulInEachString(checkBody))('POST /api/licenses/check with a NUL in $path', ({ value }) =>
    expectRefusedAndNothingStored(() =>
      request(svc.app())
        .post('/api/licenses/check')
        .set(cook.headers)
        .send(value as object),
    ),
  );

  it.each(activatePaths)('POST /api/license/activate with a NUL in %s', (path) =>
    expectRefusedAndNothingStored(() =>
      request(svc.app())
        .post('/api/license/activate')
        .set(cook.headers)
        .send(withNulInEachString(activateBody()).find((variant) => variant.path === path)!.value as object),
    ),
  );

  it('POST /api/promo-codes (admin) with a NUL in its code', () =>
    expectRefusedAndNothingStored(() =>
      request(svc.app()).post('/api/promo-codes').set(admin.headers).send({ code: 'NEW\u0000CODE' }),
    ));

  it('GET /api/licenses/statuses (admin) with a NUL in ?user_ids=', () =>
    expectRefusedAndNothingStored(() =>
      request(svc.app()).get('/api/licenses/statuses?user_ids=1%00').set(admin.headers),
    ));

  it.each([
    '/api/licenses/devices?q=pit%00',
    '/api/licenses/devices?status=active%00',
    '/api/promo-codes?q=%00',
    '/api/licenses/credits?user_id=1&q=a%00',
    '/api/admin/audit/licensing?q=revoke%00',
    '/api/admin/audit/licensing?action=device.revoke%00',
  ])('GET %s (admin): a NUL in a page query', (path) =>
    expectRefusedAndNothingStored(() => request(svc.app()).get(path).set(admin.headers)),
  );

  it('GET /api/users/{id}/licenses (admin) with a NUL in the id', () =>
    expectRefusedAndNothingStored(() =>
      request(svc.app()).get(`/api/users/${cook.id}%00/licenses`).set(admin.headers),
    ));
});

describe('logs never carry query parameters (hole 5)', () => {
  it('a redemption that fails inside its insert logs the failure but none of the values it sent', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      name: 'licensing',
      level: 'debug',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const redis = svc.redis();
    const app = createApp({
      config: testConfig({
        AUTH_URL: svc.authStandIn().url,
        REDIS_KEY_PREFIX: redis.client.options.keyPrefix ?? 'pitclock:',
      }),
      database: svc.database(),
      redis,
      logger,
      version: { version: '1.0.0' },
    });
    const deviceId = `device-${randomBytes(6).toString('hex')}`;
    // Every new device now fails in PostgreSQL, with the row in the error's detail.
    await svc.query('alter table devices add constraint hostile_refuse_all check (false) not valid');
    try {
      const res = await request(app)
        .post('/api/promo-codes/redeem')
        .set((await svc.user()).headers)
        .send({ code: PROMO, device_id: deviceId });
      expect(res.status).toBe(500);
    } finally {
      await svc.query('alter table devices drop constraint hostile_refuse_all');
    }
    const text = lines.join('');
    expect(text).toContain('hostile_refuse_all');
    for (const value of [deviceId, 'Failing row contains']) expect(text).not.toContain(value);
  });
});
