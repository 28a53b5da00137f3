import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLicensingService, type Caller } from '../../test-support/harness';

// A deleted user's token, or an admin's token from before a demotion, must stop working at once: auth
// bumps the user's token generation (in the shared Redis) and every service refuses older tokens.

const svc = useLicensingService();

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
  await request(svc.app())
    .post('/api/promo-codes')
    .set(admin.headers)
    .send({ code: 'AFTER-DELETE' })
    .expect(201);
});

describe('tokens of an older generation', () => {
  it("a deleted user's token answers 401 token_revoked and cannot redeem a promo code; nothing stored", async () => {
    const cook = await svc.user();
    await request(svc.app())
      .post('/api/licenses/check')
      .set(cook.headers)
      .send({ device_id: 'phone' })
      .expect(200);
    await svc.endSessions(cook, 'delete');
    const before = await svc.counts();
    const res = await request(svc.app())
      .post('/api/promo-codes/redeem')
      .set(cook.headers)
      .send({ code: 'AFTER-DELETE', device_id: 'phone' });
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(res.body).error).toBe('token_revoked');
    expect(await svc.counts()).toEqual(before);
  });

  it("a deleted user's token cannot activate a code either", async () => {
    const cook = await svc.user();
    await request(svc.app())
      .post(`/api/users/${cook.id}/credits`)
      .set(admin.headers)
      .send({ amount: 1 })
      .expect(200);
    const code = (
      await request(svc.app())
        .post('/api/licenses/codes')
        .set(admin.headers)
        .send({ user_id: cook.id })
        .expect(201)
    ).body.code as string;
    await svc.endSessions(cook, 'delete');
    const before = await svc.counts();
    const res = await request(svc.app())
      .post('/api/license/activate')
      .set(cook.headers)
      .send({ code, device_uid: 'phone' });
    expect(res.status).toBe(401);
    expect(await svc.counts()).toEqual(before);
  });

  it('a demoted admin loses admin rights at once, although the last answer was cached', async () => {
    const boss = await svc.admin();
    // Cached for ADMIN_CHECK_CACHE_SECONDS (15 s by default) per token.
    await request(svc.app()).get('/api/licenses/devices').set(boss.headers).expect(200);
    await request(svc.app()).get('/api/licenses/devices').set(boss.headers).expect(200);
    const after = await svc.endSessions(boss, { isAdmin: false });
    const before = await svc.counts();
    const old = await request(svc.app()).post('/api/promo-codes').set(boss.headers).send({ code: 'DEMOTED' });
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('token_revoked');
    // Signed in again (a token of the new generation): asked afresh, and no longer an admin.
    const fresh = await request(svc.app())
      .post('/api/promo-codes')
      .set(after.headers)
      .send({ code: 'DEMOTED' });
    expect(fresh.status).toBe(403);
    expect(await svc.counts()).toEqual(before);
  });

  it('a token of the current generation keeps working', async () => {
    const cook = await svc.user();
    const current = await svc.endSessions(cook, { isAdmin: false });
    await request(svc.app())
      .post('/api/licenses/check')
      .set(current.headers)
      .send({ device_id: 'phone' })
      .expect(200);
  });
});
