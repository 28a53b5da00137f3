import {
  ActivateResponse,
  ActivationCodeResponse,
  AUDIT_PAGE,
  AuditPageResponse,
  PromoCode,
  normalizeActivationCode,
  type AuditEntry,
} from '@pitclock/contracts/schemas';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivationCodeHashes } from '../../domain/activation';
import { JWT_SECRET, useLicensingService, type Caller } from '../../test-support/harness';
import {
  badPageQueries,
  expectValidationFailed,
  expectWalksEveryRowOnce,
  idsInSortOrder,
  type ReadPage,
} from '../../test-support/pages';

// Every admin action of licensing (and every device activation) writes one row of licensing_audit in the
// transaction of its change; a refused or failed action writes none; no one can change the rows.

const svc = useLicensingService();
const AUDIT = '/api/admin/audit/licensing';

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
});

const app = () => request(svc.app());

type AuditRow = {
  id: number;
  actor_id: number;
  action: string;
  target_id: string;
  subject_user_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const lastAuditId = async () =>
  (await svc.query<{ id: number | null }>('select max(id) as id from licensing_audit'))[0]!.id ?? 0;

/** Runs `act` and answers its response and the audit rows it wrote. */
const audited = async <T>(act: () => PromiseLike<T>): Promise<{ res: T; rows: AuditRow[] }> => {
  const since = await lastAuditId();
  const res = await act();
  const rows = await svc.query<AuditRow>(
    'select id, actor_id, action, target_id, subject_user_id, before, after from licensing_audit where id > $1 order by id',
    [since],
  );
  return { res, rows };
};

/** Runs `act`, which the service refuses, and proves it wrote no audit row (nor anything else). */
const refusedWithoutAudit = async (act: () => PromiseLike<request.Response>, status: number) => {
  const before = await svc.counts();
  const { res, rows } = await audited(act);
  expect(res.status, res.text).toBe(status);
  expect(rows).toEqual([]);
  expect(await svc.counts()).toEqual(before);
};

const createPromo = (body: object, who: Caller = admin) =>
  app().post('/api/promo-codes').set(who.headers).send(body);
const grant = (userId: number | string, amount: number, who: Caller = admin) =>
  app().post(`/api/users/${userId}/credits`).set(who.headers).send({ amount });
const adjust = (userId: number, amount: number) =>
  app().post('/api/licenses/credits/admin-adjust').set(admin.headers).send({ user_id: userId, amount });
const mint = (userId: number) =>
  app().post('/api/licenses/codes').set(admin.headers).send({ user_id: userId });
const activate = (who: Caller, code: string, deviceUid: string, deviceName?: string) =>
  app()
    .post('/api/license/activate')
    .set(who.headers)
    .send({ code, device_uid: deviceUid, ...(deviceName === undefined ? {} : { device_name: deviceName }) });

/** A user with credits and an activation code minted for them. */
const cookWithCode = async (credits: number) => {
  const cook = await svc.user();
  if (credits > 0) expect((await grant(cook.id, credits)).status).toBe(200);
  const minted = await mint(cook.id);
  expect(minted.status).toBe(201);
  return { cook, code: ActivationCodeResponse.parse(minted.body).code };
};

/** A device of a fresh user, licensed through an activation. */
const activatedDevice = async (deviceUid: string) => {
  const { cook, code } = await cookWithCode(1);
  const res = await activate(cook, code, deviceUid).expect(200);
  return { owner: cook, deviceId: ActivateResponse.parse(res.body).device_id };
};

const readAudit: ReadPage<AuditEntry> = async (query) => {
  const res = await app().get(AUDIT).query(query).set(admin.headers);
  expect(res.status, res.text).toBe(200);
  return AuditPageResponse.parse(res.body);
};

describe('each admin action writes one audit row, in its transaction', () => {
  it('promo_code.create: the code’s fields after, by the admin', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { res, rows } = await audited(() =>
      createPromo({ code: ' audit-one ', max_uses: 5, license_days: 30, expires_at: expiresAt }).expect(201),
    );
    const promo = PromoCode.parse(res.body);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        actor_id: admin.id,
        action: 'promo_code.create',
        target_id: String(promo.id),
        subject_user_id: null,
        before: null,
        after: { code: 'AUDIT-ONE', max_uses: 5, license_days: 30, expires_at: expiresAt, is_active: true },
      },
    ]);
  });

  it('promo_code.toggle: is_active before and after, each way', async () => {
    const promo = PromoCode.parse((await createPromo({ code: 'AUDIT-TOGGLE' }).expect(201)).body);
    const off = await audited(() =>
      app().post(`/api/promo-codes/${promo.id}/toggle`).set(admin.headers).expect(200),
    );
    expect(off.rows).toMatchObject([
      {
        actor_id: admin.id,
        action: 'promo_code.toggle',
        target_id: String(promo.id),
        subject_user_id: null,
        before: { is_active: true },
        after: { is_active: false },
      },
    ]);
    const on = await audited(() =>
      app().post(`/api/promo-codes/${promo.id}/toggle`).set(admin.headers).expect(200),
    );
    expect(on.rows).toMatchObject([{ before: { is_active: false }, after: { is_active: true } }]);
  });

  it('credits.grant and credits.adjust: the balance before and after, and the delta', async () => {
    const cook = await svc.user();
    const granted = await audited(() => grant(cook.id, 10).expect(200));
    expect(granted.rows).toEqual([
      {
        id: expect.any(Number),
        actor_id: admin.id,
        action: 'credits.grant',
        target_id: String(cook.id),
        subject_user_id: cook.id,
        before: { balance: 0 },
        after: { balance: 10, delta: 10 },
      },
    ]);
    const adjusted = await audited(() => adjust(cook.id, -3).expect(200));
    expect(adjusted.rows).toMatchObject([
      {
        action: 'credits.adjust',
        subject_user_id: cook.id,
        before: { balance: 10 },
        after: { balance: 7, delta: -3 },
      },
    ]);
  });

  it('activation_code.mint: the code row for its user, never the code nor its hash', async () => {
    const cook = await svc.user();
    const { res, rows } = await audited(() => mint(cook.id).expect(201));
    const minted = ActivationCodeResponse.parse(res.body);
    const hash = createActivationCodeHashes(JWT_SECRET).of(normalizeActivationCode(minted.code));
    const [code] = await svc.query<{ id: number }>('select id from activation_codes where code_hash = $1', [
      hash,
    ]);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        actor_id: admin.id,
        action: 'activation_code.mint',
        target_id: String(code!.id),
        subject_user_id: cook.id,
        before: null,
        after: { expires_at: minted.expires_at },
      },
    ]);
    const text = JSON.stringify(rows).toUpperCase();
    for (const secret of [minted.code, normalizeActivationCode(minted.code), hash.toUpperCase()]) {
      expect(text).not.toContain(secret);
    }
  });

  it('device.activate: every activation, by whoever activates, for the device’s owner', async () => {
    const { cook, code } = await cookWithCode(3);
    const first = await audited(() => activate(cook, code, 'audit-phone', 'Pit phone').expect(200));
    const activation = ActivateResponse.parse(first.res.body);
    const [codeRow] = await svc.query<{ id: number }>(
      'select id from activation_codes where device_id = $1',
      [activation.device_id],
    );
    expect(first.rows).toEqual([
      {
        id: expect.any(Number),
        actor_id: cook.id,
        action: 'device.activate',
        target_id: String(activation.device_id),
        subject_user_id: cook.id,
        before: { balance: 3, license_expires_at: null },
        after: {
          balance: 2,
          license_expires_at: activation.expires_at,
          device_uid: 'audit-phone',
          device_name: 'Pit phone',
          activation_code_id: codeRow!.id,
        },
      },
    ]);
    // An admin activating the same device again with another of the cook's codes.
    const again = ActivationCodeResponse.parse((await mint(cook.id).expect(201)).body);
    const second = await audited(() => activate(admin, again.code, 'audit-phone').expect(200));
    expect(second.rows).toMatchObject([
      {
        actor_id: admin.id,
        action: 'device.activate',
        target_id: String(activation.device_id),
        subject_user_id: cook.id,
        before: { balance: 2, license_expires_at: activation.expires_at },
        after: { balance: 1, device_name: 'Pit phone' },
      },
    ]);
  });

  it.each([
    [
      'PATCH /api/licenses/devices/{id}',
      (_owner: number, id: number, what: string) =>
        app().patch(`/api/licenses/devices/${id}/${what}`).set(admin.headers),
    ],
    [
      'POST /api/users/{id}/licenses/{deviceId}',
      (owner: number, id: number, what: string) =>
        app().post(`/api/users/${owner}/licenses/${id}/${what}`).set(admin.headers),
    ],
  ])('device.revoke and device.restore through %s: revoked_at before and after', async (_route, send) => {
    const { owner, deviceId } = await activatedDevice('audit-revoke');
    const revoked = await audited(() => send(owner.id, deviceId, 'revoke').expect(200));
    const revokedAt = revoked.res.body.revoked_at as string;
    expect(revoked.rows).toEqual([
      {
        id: expect.any(Number),
        actor_id: admin.id,
        action: 'device.revoke',
        target_id: String(deviceId),
        subject_user_id: owner.id,
        before: { revoked_at: null },
        after: { revoked_at: revokedAt },
      },
    ]);
    // Revoking a revoked device keeps its first time: recorded, with nothing changed.
    const again = await audited(() => send(owner.id, deviceId, 'revoke').expect(200));
    expect(again.rows).toMatchObject([
      { action: 'device.revoke', before: { revoked_at: revokedAt }, after: { revoked_at: revokedAt } },
    ]);
    const restored = await audited(() => send(owner.id, deviceId, 'restore').expect(200));
    expect(restored.rows).toMatchObject([
      {
        actor_id: admin.id,
        action: 'device.restore',
        target_id: String(deviceId),
        subject_user_id: owner.id,
        before: { revoked_at: revokedAt },
        after: { revoked_at: null },
      },
    ]);
  });
});

describe('a refused action writes no audit row', () => {
  it('promo codes: a taken code, a bad body, a non-admin, an unknown code to toggle', async () => {
    await createPromo({ code: 'AUDIT-TAKEN' }).expect(201);
    await refusedWithoutAudit(() => createPromo({ code: 'audit-taken' }), 409);
    await refusedWithoutAudit(() => createPromo({ code: 'PAST', expires_at: '2000-01-01T00:00:00Z' }), 400);
    await refusedWithoutAudit(async () => createPromo({ code: 'NOT-ADMIN' }, await svc.user()), 403);
    await refusedWithoutAudit(() => app().post('/api/promo-codes/999999/toggle').set(admin.headers), 404);
  });

  it('credits: below zero, an unknown user, a bad amount', async () => {
    const cook = await svc.user();
    await grant(cook.id, 1).expect(200);
    await refusedWithoutAudit(() => adjust(cook.id, -2), 409);
    await refusedWithoutAudit(() => grant(999_999, 5), 404);
    await refusedWithoutAudit(() => adjust(999_999, 5), 404);
    await refusedWithoutAudit(() => grant(cook.id, 0), 400);
  });

  it('activation codes and activations: an unknown user, a used or unknown code, no credits, a revoked device', async () => {
    await refusedWithoutAudit(() => mint(999_999), 404);
    const { cook, code } = await cookWithCode(1);
    await activate(cook, code, 'refused-phone').expect(200);
    await refusedWithoutAudit(() => activate(cook, code, 'refused-phone'), 409);
    await refusedWithoutAudit(() => activate(cook, 'ABCD-EFGH', 'refused-phone'), 404);
    const broke = await cookWithCode(0);
    await refusedWithoutAudit(() => activate(broke.cook, broke.code, 'no-credit-phone'), 409);
    const [device] = await svc.query<{ id: number }>(
      'select id from devices where user_id = $1 and device_uid = $2',
      [cook.id, 'refused-phone'],
    );
    await app().patch(`/api/licenses/devices/${device!.id}/revoke`).set(admin.headers).expect(200);
    await grant(cook.id, 1).expect(200);
    const next = ActivationCodeResponse.parse((await mint(cook.id).expect(201)).body);
    await refusedWithoutAudit(() => activate(cook, next.code, 'refused-phone'), 403);
  });

  it('devices: an unknown device, another user’s device, a bad id', async () => {
    const { deviceId } = await activatedDevice('refused-owner');
    const other = await svc.user();
    await refusedWithoutAudit(
      () => app().patch('/api/licenses/devices/999999/revoke').set(admin.headers),
      404,
    );
    await refusedWithoutAudit(
      () => app().post(`/api/users/${other.id}/licenses/${deviceId}/revoke`).set(admin.headers),
      404,
    );
    await refusedWithoutAudit(() => app().patch('/api/licenses/devices/x/restore').set(admin.headers), 400);
  });
});

describe('an action whose audit row cannot be written does not happen', () => {
  it('the change rolls back with it: no code, no credits, no mint, no revocation, no activation', async () => {
    const { owner, deviceId } = await activatedDevice('rollback-phone');
    const { cook, code } = await cookWithCode(2);
    await svc.query('alter table licensing_audit add constraint audit_refuse_all check (false) not valid');
    try {
      const before = await svc.counts();
      expect((await createPromo({ code: 'NEVER-STORED' })).status).toBe(500);
      expect((await grant(cook.id, 5)).status).toBe(500);
      expect((await adjust(cook.id, -1)).status).toBe(500);
      expect((await mint(cook.id)).status).toBe(500);
      expect((await activate(cook, code, 'rollback-tablet')).status).toBe(500);
      expect((await app().patch(`/api/licenses/devices/${deviceId}/revoke`).set(admin.headers)).status).toBe(
        500,
      );
      expect(
        (await app().post(`/api/users/${owner.id}/licenses/${deviceId}/revoke`).set(admin.headers)).status,
      ).toBe(500);
      expect(await svc.counts()).toEqual(before);
    } finally {
      await svc.query('alter table licensing_audit drop constraint audit_refuse_all');
    }
    const promo = PromoCode.parse((await createPromo({ code: 'TOGGLE-ROLLBACK' }).expect(201)).body);
    await svc.query('alter table licensing_audit add constraint audit_refuse_all check (false) not valid');
    try {
      expect((await app().post(`/api/promo-codes/${promo.id}/toggle`).set(admin.headers)).status).toBe(500);
      expect(await svc.count('promo_codes', 'id = $1 and is_active', [promo.id])).toBe(1);
    } finally {
      await svc.query('alter table licensing_audit drop constraint audit_refuse_all');
    }
  });
});

describe('licensing_audit is append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of its rows', async () => {
    await createPromo({ code: 'AUDIT-KEPT' }).expect(201);
    const rows = await svc.count('licensing_audit');
    expect(rows).toBeGreaterThan(0);
    await expect(svc.query("update licensing_audit set action = 'device.revoke'")).rejects.toThrow(
      /append-only/,
    );
    await expect(svc.query('delete from licensing_audit')).rejects.toThrow(/append-only/);
    await expect(svc.query('truncate licensing_audit')).rejects.toThrow(/append-only/);
    await expect(
      svc.query("insert into licensing_audit (actor_id, action, target_id) values (1, 'user.delete', '1')"),
    ).rejects.toThrow(/licensing_audit_action_known/);
    expect(await svc.count('licensing_audit')).toBe(rows);
  });

  it('no route changes or deletes it', async () => {
    const before = await svc.counts();
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      expect((await app()[method](AUDIT).set(admin.headers)).status).toBe(404);
    }
    expect(await svc.counts()).toEqual(before);
  });
});

describe(`GET ${AUDIT} (admin): a page of the audit trail`, () => {
  it('answers the newest first, as the rows were written', async () => {
    const cook = await svc.user();
    await grant(cook.id, 4).expect(200);
    const page = await readAudit({ limit: '1' });
    expect(page.data).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        actor_id: admin.id,
        action: 'credits.grant',
        target_id: String(cook.id),
        subject_user_id: cook.id,
        before: { balance: 0 },
        after: { balance: 4, delta: 4 },
      },
    ]);
    expect(page.total).toBe(await svc.count('licensing_audit'));
    const [row] = await svc.query<{ created_at: Date }>(
      'select created_at from licensing_audit where id = $1',
      [page.data[0]!.id],
    );
    expect(page.data[0]!.created_at).toBe(row!.created_at.toISOString());
  });

  it('walking Next visits every row once in the order of each sort, either way, and Previous walks back', async () => {
    const stored = await svc.query<{ id: number; action: string; created_at: string }>(
      `select id, action, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
       from licensing_audit`,
    );
    expect(stored.length).toBeGreaterThan(20);
    for (const column of Object.keys(AUDIT_PAGE.columns) as (keyof typeof AUDIT_PAGE.columns)[]) {
      for (const descending of [false, true]) {
        await expectWalksEveryRowOnce(
          readAudit,
          { sort: descending ? `-${column}` : column, limit: '6' },
          idsInSortOrder(stored, (row) => row[column], descending),
          (entry) => entry.id,
        );
      }
    }
  });

  it('filters by actor, subject and action, and q finds part of the action, the target or a value', async () => {
    const { cook, code } = await cookWithCode(2);
    const { res } = await audited(() => activate(cook, code, 'filtered-phone').expect(200));
    const deviceId = ActivateResponse.parse(res.body).device_id;
    const all = await svc.query<AuditRow & { before_text: string | null; after_text: string | null }>(
      'select *, before::text as before_text, after::text as after_text from licensing_audit order by created_at desc, id desc',
    );
    const expectIds = async (query: Record<string, string>, keep: (row: (typeof all)[number]) => boolean) => {
      const page = await readAudit({ ...query, limit: '200' });
      const expected = all.filter(keep).map((row) => row.id);
      expect(
        page.data.map((entry) => entry.id),
        JSON.stringify(query),
      ).toEqual(expected);
      expect(page).toMatchObject({ total: expected.length, total_exact: true });
    };
    await expectIds({ actor_id: String(cook.id) }, (row) => row.actor_id === cook.id);
    await expectIds({ subject_user_id: String(cook.id) }, (row) => row.subject_user_id === cook.id);
    await expectIds({ action: 'device.activate' }, (row) => row.action === 'device.activate');
    await expectIds({ action: 'user.delete' }, () => false);
    await expectIds(
      { actor_id: String(admin.id), subject_user_id: String(cook.id), action: 'credits.grant' },
      (row) => row.actor_id === admin.id && row.subject_user_id === cook.id && row.action === 'credits.grant',
    );
    const contains = (text: string | null, part: string) => (text ?? '').toLowerCase().includes(part);
    await expectIds({ q: 'DEVICE.RE' }, (row) => contains(row.action, 'device.re'));
    await expectIds({ q: 'filtered-PHONE' }, (row) => contains(row.after_text, 'filtered-phone'));
    await expectIds(
      { q: String(deviceId) },
      (row) =>
        contains(row.target_id, String(deviceId)) ||
        contains(row.before_text, String(deviceId)) ||
        contains(row.after_text, String(deviceId)) ||
        contains(row.action, String(deviceId)),
    );
    await expectIds(
      { q: 'is_active' },
      (row) => contains(row.before_text, 'is_active') || contains(row.after_text, 'is_active'),
    );
  });

  it.each([
    ...badPageQueries('created_at', 'instant'),
    ['an unknown action', 'action=user.explode'],
    ['action twice', 'action=device.revoke&action=device.restore'],
    ['an actor id that is not a number', 'actor_id=abc'],
    ['actor id 0', 'actor_id=0'],
    ['an actor id past 2^31-1', 'actor_id=2147483648'],
    ['actor_id twice', 'actor_id=1&actor_id=2'],
    ['a subject user id that is not a number', 'subject_user_id=1x'],
    ['subject_user_id twice', 'subject_user_id=1&subject_user_id=2'],
  ])('%s answers 400 and changes nothing', async (_name, query) => {
    const before = await svc.counts();
    expectValidationFailed(await app().get(`${AUDIT}?${query}`).set(admin.headers));
    expect(await svc.counts()).toEqual(before);
  });

  it('is for admins only', async () => {
    expect(
      (
        await app()
          .get(AUDIT)
          .set((await svc.user()).headers)
      ).status,
    ).toBe(403);
    expect((await app().get(AUDIT)).status).toBe(401);
  });
});
