import { CreditChangeResponse, CreditsResponse, LICENSING_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceAfter } from '../../domain/credits';
import { useLicensingService, type Caller } from '../../test-support/harness';

const svc = useLicensingService();

let admin: Caller;
let plain: Caller;
beforeAll(async () => {
  admin = await svc.admin();
  plain = await svc.user();
});

const adjust = (body: unknown, who: Caller = admin) =>
  request(svc.app())
    .post('/api/licenses/credits/admin-adjust')
    .set(who.headers)
    .send(body as object);
const addCredits = (userId: number | string, body: unknown, who: Caller = admin) =>
  request(svc.app())
    .post(`/api/users/${userId}/credits`)
    .set(who.headers)
    .send(body as object);
const credits = (userId: number | string, who: Caller = admin) =>
  request(svc.app()).get(`/api/licenses/credits?user_id=${userId}`).set(who.headers);

/** The stored balance and the sum of the user's ledger. */
const stored = async (userId: number) => {
  const [balance] = await svc.query<{ balance: number }>(
    'select balance from credit_balances where user_id = $1',
    [userId],
  );
  const [sum] = await svc.query<{ sum: string | null }>(
    'select sum(delta) as sum from credit_ledger where user_id = $1',
    [userId],
  );
  return { balance: balance?.balance ?? 0, sum: Number(sum!.sum ?? 0) };
};

describe('credits (admin)', () => {
  it('a user without credits has balance 0 and an empty ledger', async () => {
    const res = await credits(4242).expect(200);
    expect(CreditsResponse.parse(res.body)).toEqual({ user_id: 4242, balance: 0, ledger: [] });
  });

  it('POST /api/users/{id}/credits adds credits; admin-adjust moves them both ways; GET answers balance and ledger newest first', async () => {
    const userId = (await svc.user()).id;
    const added = CreditChangeResponse.parse((await addCredits(userId, { amount: 10 }).expect(200)).body);
    expect(added).toMatchObject({
      user_id: userId,
      balance: 10,
      entry: { delta: 10, reason: 'admin_grant' },
    });
    const down = CreditChangeResponse.parse((await adjust({ user_id: userId, amount: -3 }).expect(200)).body);
    expect(down).toMatchObject({ balance: 7, entry: { delta: -3, reason: 'admin_adjust' } });
    const up = CreditChangeResponse.parse(
      (await adjust({ user_id: String(userId), amount: '+2' }).expect(200)).body,
    );
    expect(up.balance).toBe(9);
    const res = CreditsResponse.parse((await credits(userId).expect(200)).body);
    expect(res.balance).toBe(9);
    expect(res.ledger.map((e) => [e.delta, e.reason])).toEqual([
      [2, 'admin_adjust'],
      [-3, 'admin_adjust'],
      [10, 'admin_grant'],
    ]);
    expect(res.ledger[0]).toEqual(up.entry);
    const rows = await svc.query('select actor_id from credit_ledger where user_id = $1', [userId]);
    expect(rows.every((row) => row.actor_id === admin.id)).toBe(true);
    expect(await stored(userId)).toEqual({ balance: 9, sum: 9 });
  });

  it('an adjustment that would take the balance below 0 answers 409 balance_below_zero and stores nothing', async () => {
    const userId = (await svc.user()).id;
    await addCredits(userId, { amount: 2 }).expect(200);
    for (const amount of [-3, -1_000_000]) {
      const before = await svc.counts();
      const res = await adjust({ user_id: userId, amount }).expect(409);
      expect(res.body).toEqual({ error: 'balance_below_zero', message: m.balanceBelowZero });
      expect(await svc.counts()).toEqual(before);
    }
    const fresh = (await svc.user()).id;
    await adjust({ user_id: fresh, amount: -1 }).expect(409);
    expect(await svc.count('credit_balances', 'user_id = $1', [fresh])).toBe(0);
    expect(await stored(userId)).toEqual({ balance: 2, sum: 2 });
  });

  it('50 simultaneous -1 adjustments of a balance of 20 succeed 20 times and leave 0 = the ledger sum', async () => {
    const userId = (await svc.user()).id;
    await addCredits(userId, { amount: 20 }).expect(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => adjust({ user_id: userId, amount: -1 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(30);
    expect(await stored(userId)).toEqual({ balance: 0, sum: 0 });
  });

  it('property: after any sequence of adjustments the balance is never below 0 and equals the ledger sum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: -15, max: 15 }).filter((n) => n !== 0),
          { maxLength: 12 },
        ),
        async (amounts) => {
          const userId = (await svc.user()).id;
          let model = 0;
          for (const amount of amounts) {
            const res = await adjust({ user_id: userId, amount });
            const next = balanceAfter(model, amount);
            if (typeof next === 'string') {
              expect(res.status).toBe(409);
            } else {
              expect(res.status).toBe(200);
              expect(res.body.balance).toBe(next);
              model = next;
            }
          }
          const { balance, sum } = await stored(userId);
          expect(balance).toBe(model);
          expect(sum).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect((await credits(userId).expect(200)).body.balance).toBe(model);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  describe('bad input answers 400 with its own message and stores nothing', () => {
    it.each([
      ['no body', undefined, m.userRequired],
      ['no user', { amount: 3 }, m.userRequired],
      ['user 0', { user_id: 0, amount: 3 }, m.userRequired],
      ['a user that is not a number', { user_id: 'bob', amount: 3 }, m.userRequired],
      ['no amount', { user_id: 5 }, m.amountRequired],
      ['amount 0', { user_id: 5, amount: 0 }, m.amountRequired],
      ['an empty amount', { user_id: 5, amount: '' }, m.amountRequired],
      ['a fractional amount', { user_id: 5, amount: 1.5 }, m.amountRequired],
      ['an amount that is not a number', { user_id: 5, amount: 'ten' }, m.amountRequired],
      ['an amount too large', { user_id: 5, amount: 1_000_001 }, m.amountTooLarge],
    ])('admin-adjust with %s', async (_name, body, message) => {
      const before = await svc.counts();
      const res = await adjust(body).expect(400);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ error: 'validation_failed', message });
      expect(await svc.counts()).toEqual(before);
    });

    it.each([
      ['no body', undefined],
      ['amount 0', { amount: 0 }],
      ['a negative amount', { amount: -5 }],
      ['an empty amount', { amount: '' }],
      ['a fractional amount', { amount: 0.5 }],
    ])('users/{id}/credits with %s: "Enter an amount > 0"', async (_name, body) => {
      const before = await svc.counts();
      const res = await addCredits(7, body).expect(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', message: m.amountPositive });
      expect(await svc.counts()).toEqual(before);
    });

    it('users/{id}/credits with a bad user id, and GET credits without or with a bad user_id', async () => {
      const before = await svc.counts();
      for (const id of ['0', 'x', '-2']) expect((await addCredits(id, { amount: 1 })).status).toBe(400);
      const missing = await request(svc.app()).get('/api/licenses/credits').set(admin.headers).expect(400);
      expect(missing.body).toMatchObject({ error: 'validation_failed', message: m.userRequired });
      expect((await credits('abc')).status).toBe(400);
      expect(await svc.counts()).toEqual(before);
    });
  });

  it.each([
    ['GET /api/licenses/credits', (t?: Caller) => credits(1, t)],
    ['POST /api/licenses/credits/admin-adjust', (t?: Caller) => adjust({ user_id: 1, amount: 5 }, t)],
    ['POST /api/users/1/credits', (t?: Caller) => addCredits(1, { amount: 5 }, t)],
  ])(
    '%s: 403 Admin only for a signed-in user and 401 without a token; nothing stored',
    async (_name, make) => {
      const before = await svc.counts();
      const res = await make(plain);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'forbidden', message: m.adminOnly });
      const anonymous = await make({ id: 0, token: '', headers: { Authorization: '' } });
      expect(anonymous.status).toBe(401);
      expect(await svc.counts()).toEqual(before);
    },
  );
});
