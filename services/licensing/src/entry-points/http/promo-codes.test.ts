import { LICENSING_MESSAGES as m, PromoCode, PromoCodesResponse } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLicensingService, type Caller } from '../../test-support/harness';

const svc = useLicensingService();

let admin: Caller;
let plain: Caller;
beforeAll(async () => {
  admin = await svc.admin();
  plain = await svc.user();
});

const create = (body: unknown, who: Caller = admin) =>
  request(svc.app())
    .post('/api/promo-codes')
    .set(who.headers)
    .send(body as object);

describe('POST /api/promo-codes (admin)', () => {
  it('stores the code trimmed and upper-case with its limits, and answers it with 201', async () => {
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await create({ code: '  smoke-ring ', max_uses: 25, license_days: 90, expires_at: expires });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = PromoCode.parse(res.body);
    expect(body).toMatchObject({
      code: 'SMOKE-RING',
      max_uses: 25,
      used_count: 0,
      remaining_uses: 25,
      license_days: 90,
      expires_at: expires,
      is_active: true,
    });
    const [row] = await svc.query('select * from promo_codes where id = $1', [body.id]);
    expect(row).toMatchObject({ code: 'SMOKE-RING', max_uses: 25, license_days: 90, created_by: admin.id });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('empty max_uses, 0 and none mean unlimited (stored null); empty license_days means the default', async () => {
    for (const [code, maxUses] of [
      ['UNL-A', ''],
      ['UNL-B', 0],
      ['UNL-C', undefined],
      ['UNL-D', null],
    ] as const) {
      const res = await create({ code, max_uses: maxUses, license_days: '' }).expect(201);
      expect(res.body).toMatchObject({ max_uses: null, remaining_uses: null, license_days: null });
    }
    expect(await svc.count('promo_codes', "code like 'UNL-%' and max_uses is null")).toBe(4);
  });

  it('answers 409 code_taken for a code that exists in any case and stores nothing', async () => {
    await create({ code: 'TWICE' }).expect(201);
    const before = await svc.counts();
    const res = await create({ code: ' twice ' }).expect(409);
    expect(res.body).toEqual({ error: 'code_taken', message: m.codeTaken });
    expect(await svc.counts()).toEqual(before);
  });

  it.each([
    ['no body', undefined, m.codeRequired],
    ['no code', { max_uses: 3 }, m.codeRequired],
    ['a blank code', { code: '   ' }, m.codeRequired],
    ['a code that is not text', { code: 12 }, m.codeRequired],
    ['a code of 65 characters', { code: 'A'.repeat(65) }, m.codeTooLong],
    ['a code with a space inside', { code: 'BBQ 1' }, m.codeCharacters],
    ['max_uses below 0', { code: 'BAD-1', max_uses: -1 }, m.maxUsesInvalid],
    ['max_uses not whole', { code: 'BAD-2', max_uses: 2.5 }, m.maxUsesInvalid],
    ['max_uses not a number', { code: 'BAD-3', max_uses: 'many' }, m.maxUsesInvalid],
    ['license_days 0', { code: 'BAD-4', license_days: 0 }, m.licenseDaysInvalid],
    ['license_days not whole', { code: 'BAD-5', license_days: 1.5 }, m.licenseDaysInvalid],
    ['expires_at not a date', { code: 'BAD-6', expires_at: 'soon' }, m.expiresAtInvalid],
    ['expires_at in the past', { code: 'BAD-7', expires_at: '2001-01-01T00:00:00Z' }, m.expiresAtPast],
  ])('answers 400 with its own message for %s and stores nothing', async (_name, body, message) => {
    const before = await svc.counts();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ error: 'validation_failed', message });
    expect(await svc.counts()).toEqual(before);
  });
});

describe('GET /api/promo-codes and POST /api/promo-codes/{id}/toggle (admin)', () => {
  it('lists every code newest first with uses and remaining uses', async () => {
    const made = (await create({ code: 'LIST-ME', max_uses: 2 }).expect(201)).body as PromoCode;
    const res = await request(svc.app()).get('/api/promo-codes').set(admin.headers).expect(200);
    const list = PromoCodesResponse.parse(res.body);
    expect(list[0]).toEqual(made);
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => b - a));
  });

  it('toggle disables then enables a code and stores it', async () => {
    const made = (await create({ code: 'FLIP' }).expect(201)).body as PromoCode;
    const off = await request(svc.app())
      .post(`/api/promo-codes/${made.id}/toggle`)
      .set(admin.headers)
      .expect(200);
    expect(off.body).toMatchObject({ id: made.id, is_active: false });
    expect((await svc.query('select is_active from promo_codes where id = $1', [made.id]))[0]).toEqual({
      is_active: false,
    });
    const on = await request(svc.app())
      .post(`/api/promo-codes/${made.id}/toggle`)
      .set(admin.headers)
      .expect(200);
    expect(on.body).toMatchObject({ is_active: true });
  });

  it('toggle answers 404 for an unknown id and 400 for an id that is not a positive whole number', async () => {
    const missing = await request(svc.app())
      .post('/api/promo-codes/999999/toggle')
      .set(admin.headers)
      .expect(404);
    expect(missing.body).toEqual({ error: 'not_found', message: m.promoNotFound });
    for (const id of ['0', 'abc', '-1', '1.5', '99999999999']) {
      const res = await request(svc.app()).post(`/api/promo-codes/${id}/toggle`).set(admin.headers);
      expect(res.status, id).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
    }
  });
});

describe('promo-code admin routes are enforced on the server', () => {
  it.each([
    ['GET /api/promo-codes', () => request(svc.app()).get('/api/promo-codes')],
    ['POST /api/promo-codes', () => request(svc.app()).post('/api/promo-codes').send({ code: 'NOPE' })],
    ['POST /api/promo-codes/1/toggle', () => request(svc.app()).post('/api/promo-codes/1/toggle')],
  ])('%s: 401 without a token, 403 Admin only for a signed-in user, nothing stored', async (_name, make) => {
    const before = await svc.counts();
    const anonymous = await make();
    expect(anonymous.status).toBe(401);
    expect(errorBodySchema.parse(anonymous.body).error).toBe('unauthorized');
    const res = await make().set(plain.headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'forbidden', message: m.adminOnly });
    expect(await svc.counts()).toEqual(before);
  });
});
