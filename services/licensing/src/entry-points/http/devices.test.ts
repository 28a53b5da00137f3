import {
  Device,
  DevicesResponse,
  LICENSING_MESSAGES as m,
  LicenseCheckResponse,
  LicenseStatusesResponse,
  UserLicensesResponse,
  readDeviceLicense,
} from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLicensingService, type Caller } from '../../test-support/harness';

const DAY_MS = 86_400_000;
const svc = useLicensingService();

let admin: Caller;
let plain: Caller;
let seq = 0;
beforeAll(async () => {
  admin = await svc.admin();
  plain = await svc.user();
});

/** A user with a licensed device (redeemed from a fresh code of licenseDays). */
const licensed = async (deviceUid: string, licenseDays = 30, given?: Caller) => {
  const who = given ?? (await svc.user());
  seq += 1;
  const code = `DEV-${seq}`;
  await request(svc.app())
    .post('/api/promo-codes')
    .set(admin.headers)
    .send({ code, license_days: licenseDays })
    .expect(201);
  await request(svc.app())
    .post('/api/promo-codes/redeem')
    .set(who.headers)
    .send({ code, device_id: deviceUid })
    .expect(201);
  const [row] = await svc.query<{ id: number }>(
    'select id from devices where user_id = $1 and device_uid = $2',
    [who.id, deviceUid],
  );
  return { who, deviceId: row!.id };
};

const check = (who: Caller, deviceUid: string) =>
  request(svc.app()).post('/api/licenses/check').set(who.headers).send({ device_id: deviceUid });

describe('devices (admin)', () => {
  it('GET /api/licenses/devices lists every device with uid, name, last seen and status; user_id filters', async () => {
    const { who, deviceId } = await licensed('list-me');
    const all = DevicesResponse.parse(
      (await request(svc.app()).get('/api/licenses/devices').set(admin.headers).expect(200)).body,
    );
    const mine = all.find((d) => d.device_id === deviceId);
    expect(mine).toMatchObject({
      user_id: who.id,
      device_uid: 'list-me',
      device_name: null,
      revoked: false,
      revoked_at: null,
    });
    const filtered = await request(svc.app())
      .get(`/api/licenses/devices?user_id=${who.id}`)
      .set(admin.headers)
      .expect(200);
    expect(filtered.body).toEqual([mine]);
    const bad = await request(svc.app())
      .get('/api/licenses/devices?user_id=abc')
      .set(admin.headers)
      .expect(400);
    expect(errorBodySchema.parse(bad.body).error).toBe('validation_failed');
  });

  it('PATCH /api/licenses/devices/{id}/revoke and /restore change the stored state', async () => {
    const { deviceId } = await licensed('patch-me');
    const revoked = Device.parse(
      (
        await request(svc.app())
          .patch(`/api/licenses/devices/${deviceId}/revoke`)
          .set(admin.headers)
          .expect(200)
      ).body,
    );
    expect(revoked).toMatchObject({ device_id: deviceId, revoked: true });
    const [row] = await svc.query('select revoked_at from devices where id = $1', [deviceId]);
    expect(row!.revoked_at).toBeInstanceOf(Date);
    // Revoking again keeps the first time.
    const again = await request(svc.app())
      .patch(`/api/licenses/devices/${deviceId}/revoke`)
      .set(admin.headers)
      .expect(200);
    expect(again.body.revoked_at).toBe(revoked.revoked_at);
    const restored = await request(svc.app())
      .patch(`/api/licenses/devices/${deviceId}/restore`)
      .set(admin.headers)
      .expect(200);
    expect(restored.body).toMatchObject({ revoked: false, revoked_at: null });
    expect(await svc.count('devices', 'id = $1 and revoked_at is null', [deviceId])).toBe(1);
  });

  it('PATCH revoke/restore of an unknown device answers 404 with its text; a bad id answers 400', async () => {
    const before = await svc.counts();
    const restore = await request(svc.app())
      .patch('/api/licenses/devices/999999/restore')
      .set(admin.headers)
      .expect(404);
    expect(restore.body).toEqual({ error: 'not_found', message: m.noDeviceToRestore });
    const revoke = await request(svc.app())
      .patch('/api/licenses/devices/999999/revoke')
      .set(admin.headers)
      .expect(404);
    expect(revoke.body).toEqual({ error: 'not_found', message: m.noDeviceToRevoke });
    for (const id of ['0', 'x', '-3']) {
      expect(
        (await request(svc.app()).patch(`/api/licenses/devices/${id}/revoke`).set(admin.headers)).status,
      ).toBe(400);
    }
    expect(await svc.counts()).toEqual(before);
  });
});

describe("a user's licences (admin): GET /api/users/{id}/licenses and POST .../{deviceId}/revoke|restore", () => {
  it('answers status, balance, devices with last seen and the ledger; status is none, active or inactive from the devices', async () => {
    const nobody = await svc.user();
    const none = UserLicensesResponse.parse(
      (await request(svc.app()).get(`/api/users/${nobody.id}/licenses`).set(admin.headers).expect(200)).body,
    );
    expect(none).toEqual({ user_id: nobody.id, license_status: 'none', balance: 0, devices: [], ledger: [] });

    const { who, deviceId } = await licensed('details');
    await request(svc.app())
      .post(`/api/users/${who.id}/credits`)
      .set(admin.headers)
      .send({ amount: 10 })
      .expect(200);
    const active = UserLicensesResponse.parse(
      (await request(svc.app()).get(`/api/users/${who.id}/licenses`).set(admin.headers).expect(200)).body,
    );
    expect(active).toMatchObject({ license_status: 'active', balance: 10 });
    expect(active.devices.map((d) => [d.device_id, d.device_uid, d.revoked])).toEqual([
      [deviceId, 'details', false],
    ]);
    expect(typeof active.devices[0]!.last_seen).toBe('string');
    expect(active.ledger.map((e) => e.delta)).toEqual([10]);

    const revoked = await request(svc.app())
      .post(`/api/users/${who.id}/licenses/${deviceId}/revoke`)
      .set(admin.headers)
      .expect(200);
    expect(revoked.body).toMatchObject({ device_id: deviceId, revoked: true });
    const inactive = await request(svc.app())
      .get(`/api/users/${who.id}/licenses`)
      .set(admin.headers)
      .expect(200);
    expect(inactive.body.license_status).toBe('inactive');

    await request(svc.app())
      .post(`/api/users/${who.id}/licenses/${deviceId}/restore`)
      .set(admin.headers)
      .expect(200);
    const back = await request(svc.app()).get(`/api/users/${who.id}/licenses`).set(admin.headers).expect(200);
    expect(back.body.license_status).toBe('active');
  });

  it('an expired licence makes the status inactive', async () => {
    const { who } = await licensed('short-lived', 1);
    svc.clock.advance(2 * DAY_MS);
    try {
      const res = await request(svc.app())
        .get(`/api/users/${who.id}/licenses`)
        .set(admin.headers)
        .expect(200);
      expect(res.body.license_status).toBe('inactive');
    } finally {
      svc.clock.reset();
    }
  });

  it("restore of a device that is not the user's (or none) answers 404 'No device to restore' and changes nothing", async () => {
    const { deviceId } = await licensed('someone-elses');
    await request(svc.app()).patch(`/api/licenses/devices/${deviceId}/revoke`).set(admin.headers).expect(200);
    const other = await svc.user();
    const before = await svc.counts();
    const res = await request(svc.app())
      .post(`/api/users/${other.id}/licenses/${deviceId}/restore`)
      .set(admin.headers)
      .expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: m.noDeviceToRestore });
    const revoke = await request(svc.app())
      .post(`/api/users/${other.id}/licenses/${deviceId}/revoke`)
      .set(admin.headers)
      .expect(404);
    expect(revoke.body).toEqual({ error: 'not_found', message: m.noDeviceToRevoke });
    expect(await svc.counts()).toEqual(before);
    expect(await svc.count('devices', 'id = $1 and revoked_at is not null', [deviceId])).toBe(1);
  });

  it('bad ids answer 400', async () => {
    const before = await svc.counts();
    for (const path of ['/api/users/0/licenses', '/api/users/x/licenses'])
      expect((await request(svc.app()).get(path).set(admin.headers)).status).toBe(400);
    for (const path of [
      '/api/users/x/licenses/1/revoke',
      '/api/users/1/licenses/x/restore',
      '/api/users/1/licenses/0/revoke',
    ])
      expect((await request(svc.app()).post(path).set(admin.headers)).status).toBe(400);
    expect(await svc.counts()).toEqual(before);
  });
});

describe('GET /api/licenses/statuses (admin): the licence status the admin users list merges in', () => {
  it('answers none, active or inactive per asked user id, and every user with a device without user_ids', async () => {
    const { who: activeUser } = await licensed('status-a');
    const { who: revokedUser, deviceId } = await licensed('status-b');
    await request(svc.app()).patch(`/api/licenses/devices/${deviceId}/revoke`).set(admin.headers).expect(200);
    const nobody = await svc.user();
    const res = await request(svc.app())
      .get(`/api/licenses/statuses?user_ids=${nobody.id},${activeUser.id},${revokedUser.id}`)
      .set(admin.headers)
      .expect(200);
    expect(LicenseStatusesResponse.parse(res.body)).toEqual(
      [
        { user_id: activeUser.id, license_status: 'active' },
        { user_id: revokedUser.id, license_status: 'inactive' },
        { user_id: nobody.id, license_status: 'none' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    const all = LicenseStatusesResponse.parse(
      (await request(svc.app()).get('/api/licenses/statuses').set(admin.headers).expect(200)).body,
    );
    expect(all.map((s) => s.user_id)).toContain(activeUser.id);
    expect(all.map((s) => s.user_id)).not.toContain(nobody.id);
    expect(
      (await request(svc.app()).get('/api/licenses/statuses?user_ids=1,,2').set(admin.headers)).status,
    ).toBe(400);
  });
});

describe('POST /api/licenses/check (signed in): how the app learns of a revocation at its next online check', () => {
  it('an active device gets a renewed licence with the same expiry and its last seen moves', async () => {
    const { who, deviceId } = await licensed('checked', 30);
    const [before] = await svc.query<{ last_seen_at: Date; license_expires_at: Date }>(
      'select last_seen_at, license_expires_at from devices where id = $1',
      [deviceId],
    );
    svc.clock.advance(60_000);
    try {
      const res = LicenseCheckResponse.parse((await check(who, 'checked').expect(200)).body);
      expect(res.status).toBe('active');
      expect(res.expires_at).toBe(before!.license_expires_at.toISOString());
      expect(readDeviceLicense(res.license)!.claims.exp).toBe(
        Math.floor(before!.license_expires_at.getTime() / 1000),
      );
      const [after] = await svc.query<{ last_seen_at: Date }>(
        'select last_seen_at from devices where id = $1',
        [deviceId],
      );
      expect(after!.last_seen_at.getTime()).toBeGreaterThan(before!.last_seen_at.getTime());
    } finally {
      svc.clock.reset();
    }
  });

  it('a revoked device learns status revoked and gets no licence; after restore it is renewed again', async () => {
    const { who, deviceId } = await licensed('to-revoke');
    await request(svc.app()).patch(`/api/licenses/devices/${deviceId}/revoke`).set(admin.headers).expect(200);
    const res = await check(who, 'to-revoke').expect(200);
    expect(res.body.status).toBe('revoked');
    expect(res.body.license).toBeUndefined();
    await request(svc.app())
      .patch(`/api/licenses/devices/${deviceId}/restore`)
      .set(admin.headers)
      .expect(200);
    expect((await check(who, 'to-revoke').expect(200)).body.status).toBe('active');
  });

  it("an expired licence answers expired; an unknown device (or another user's) answers none", async () => {
    const { who } = await licensed('expiring', 1);
    svc.clock.advance(2 * DAY_MS);
    try {
      const res = await check(who, 'expiring').expect(200);
      expect(res.body).toMatchObject({ status: 'expired' });
      expect(res.body.license).toBeUndefined();
    } finally {
      svc.clock.reset();
    }
    expect((await check(who, 'never-seen').expect(200)).body).toEqual({ status: 'none', expires_at: null });
    expect((await check(await svc.user(), 'expiring').expect(200)).body.status).toBe('none');
  });

  it('answers 400 without a device id and 401 without a token', async () => {
    const res = await request(svc.app()).post('/api/licenses/check').set(plain.headers).send({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', message: m.deviceIdRequired });
    expect((await request(svc.app()).post('/api/licenses/check').send({ device_id: 'x' })).status).toBe(401);
  });
});
