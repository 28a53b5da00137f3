import { LICENSING_LIMITS, LICENSING_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLicensingService, type Caller } from '../../test-support/harness';

// Values past what PostgreSQL stores (an integer past 2^31-1, an instant outside years 1-9999) reached the
// database and answered 500. Each is refused before it gets there, with the error shape, storing nothing.

const svc = useLicensingService();

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
});

const INT4_MAX = 2_147_483_647;

/** A 4xx in the error shape, and every table as it was. */
const refusedStoringNothing = async (send: () => Promise<request.Response>, status: number) => {
  const before = await svc.counts();
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  errorBodySchema.parse(res.body);
  expect(await svc.counts()).toEqual(before);
  return res;
};

describe('GET /api/licenses/statuses with user ids PostgreSQL cannot hold', () => {
  it.each([
    ['one past 2^31-1', '2147483648'],
    ['a ten-digit id among good ones', '1,2,9999999999'],
    ['1,001 ids', Array.from({ length: 1_001 }, (_, i) => i + 1).join(',')],
  ])('%s answers 400 validation_failed', async (_name, userIds) => {
    const res = await refusedStoringNothing(
      () => request(svc.app()).get(`/api/licenses/statuses?user_ids=${userIds}`).set(admin.headers),
      400,
    );
    expect(res.body.error).toBe('validation_failed');
  });

  it('the largest id and 1,000 ids are answered', async () => {
    await request(svc.app())
      .get(`/api/licenses/statuses?user_ids=${INT4_MAX}`)
      .set(admin.headers)
      .expect(200);
    const ids = Array.from({ length: LICENSING_LIMITS.statusesUserIds }, (_, i) => i + 1).join(',');
    const res = await request(svc.app()).get(`/api/licenses/statuses?user_ids=${ids}`).set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(LICENSING_LIMITS.statusesUserIds);
  });
});

describe('a credit balance that would pass 2^31-1', () => {
  /** A user whose stored balance (and ledger sum) is `balance`, arranged in the database. */
  const userWithBalance = async (balance: number) => {
    const cook = await svc.user();
    await svc.query(
      "insert into credit_ledger (user_id, delta, reason, actor_id) values ($1, $2, 'admin_grant', $3)",
      [cook.id, balance, admin.id],
    );
    await svc.query('insert into credit_balances (user_id, balance) values ($1, $2)', [cook.id, balance]);
    return cook;
  };

  it('POST /api/users/{id}/credits answers 409 balance_too_large and stores nothing', async () => {
    const cook = await userWithBalance(INT4_MAX - 10);
    const res = await refusedStoringNothing(
      () => request(svc.app()).post(`/api/users/${cook.id}/credits`).set(admin.headers).send({ amount: 11 }),
      409,
    );
    expect(res.body).toEqual({ error: 'balance_too_large', message: m.balanceTooLarge });
  });

  it('admin-adjust answers 409 balance_too_large and stores nothing', async () => {
    const cook = await userWithBalance(INT4_MAX - 999_999);
    const res = await refusedStoringNothing(
      () =>
        request(svc.app())
          .post('/api/licenses/credits/admin-adjust')
          .set(admin.headers)
          .send({ user_id: cook.id, amount: 1_000_000 }),
      409,
    );
    expect(res.body).toEqual({ error: 'balance_too_large', message: m.balanceTooLarge });
  });

  it('a change up to exactly 2^31-1 is taken, and the balance still equals the ledger sum', async () => {
    const cook = await userWithBalance(INT4_MAX - 10);
    const res = await request(svc.app())
      .post(`/api/users/${cook.id}/credits`)
      .set(admin.headers)
      .send({ amount: 10 })
      .expect(200);
    expect(res.body.balance).toBe(INT4_MAX);
    const [sum] = await svc.query<{ sum: string }>(
      'select sum(delta) as sum from credit_ledger where user_id = $1',
      [cook.id],
    );
    expect(Number(sum!.sum)).toBe(INT4_MAX);
  });
});

describe('POST /api/promo-codes with an expiry PostgreSQL cannot store', () => {
  it.each([
    ['past the year 9999 once its offset is applied', '9999-12-31T23:59:59-23:59'],
    ['in the year 10000', '+010000-01-01T00:00:00Z'],
  ])('an expiry %s answers 400 with its message', async (_name, expiresAt) => {
    const res = await refusedStoringNothing(
      () =>
        request(svc.app())
          .post('/api/promo-codes')
          .set(admin.headers)
          .send({ code: 'FAR-FUTURE', expires_at: expiresAt }),
      400,
    );
    expect(res.body).toMatchObject({ error: 'validation_failed', message: m.expiresAtInvalid });
  });
});
