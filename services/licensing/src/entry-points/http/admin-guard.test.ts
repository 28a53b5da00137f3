import { LICENSING_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema, signAccessToken } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  JWT_AUDIENCE,
  JWT_SECRET,
  useLicensingService,
  type Caller,
} from '../../test-support/harness';

const svc = useLicensingService();

let plain: Caller;
beforeAll(async () => {
  plain = await svc.user();
});

type Call = [string, (app: ReturnType<typeof svc.app>) => request.Test];

/** Every admin endpoint of the service, with a body that would be valid for an admin. */
const adminCalls: Call[] = [
  ['GET /api/promo-codes', (app) => request(app).get('/api/promo-codes')],
  ['POST /api/promo-codes', (app) => request(app).post('/api/promo-codes').send({ code: 'GUARD' })],
  ['POST /api/promo-codes/1/toggle', (app) => request(app).post('/api/promo-codes/1/toggle')],
  ['GET /api/licenses/credits?user_id=1', (app) => request(app).get('/api/licenses/credits?user_id=1')],
  [
    'POST /api/licenses/credits/admin-adjust',
    (app) => request(app).post('/api/licenses/credits/admin-adjust').send({ user_id: 1, amount: 5 }),
  ],
  ['POST /api/users/1/credits', (app) => request(app).post('/api/users/1/credits').send({ amount: 5 })],
  ['POST /api/licenses/codes', (app) => request(app).post('/api/licenses/codes').send({ user_id: 1 })],
  ['GET /api/licenses/devices', (app) => request(app).get('/api/licenses/devices')],
  ['GET /api/licenses/statuses', (app) => request(app).get('/api/licenses/statuses')],
  ['PATCH /api/licenses/devices/1/revoke', (app) => request(app).patch('/api/licenses/devices/1/revoke')],
  ['PATCH /api/licenses/devices/1/restore', (app) => request(app).patch('/api/licenses/devices/1/restore')],
  ['GET /api/users/1/licenses', (app) => request(app).get('/api/users/1/licenses')],
  ['POST /api/users/1/licenses/1/revoke', (app) => request(app).post('/api/users/1/licenses/1/revoke')],
  ['POST /api/users/1/licenses/1/restore', (app) => request(app).post('/api/users/1/licenses/1/restore')],
];

describe('every admin endpoint is enforced on the server', () => {
  it.each(adminCalls)(
    '%s: 401 without a token, 403 "Admin only" for a signed-in user; nothing stored',
    async (_name, call) => {
      const before = await svc.counts();
      const anonymous = await call(svc.app());
      expect(anonymous.status).toBe(401);
      expect(errorBodySchema.parse(anonymous.body).error).toBe('unauthorized');
      const res = await call(svc.app()).set(plain.headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'forbidden', message: m.adminOnly });
      expect(await svc.counts()).toEqual(before);
    },
  );

  it('an is_admin claim in the token grants nothing: the auth service (its database) decides', async () => {
    const forged = await signAccessToken(
      { userId: plain.id, claims: { is_admin: true, roles: ['admin'] } },
      { secret: JWT_SECRET, audience: JWT_AUDIENCE },
    );
    const res = await request(svc.app()).get('/api/promo-codes').set(bearer(forged));
    expect(res.status).toBe(403);
  });

  it('a token signed with another secret is 401 before auth is asked', async () => {
    const calls = svc.authStandIn().calls();
    const forged = await signAccessToken(
      { userId: plain.id },
      { secret: 'x'.repeat(40), audience: JWT_AUDIENCE },
    );
    expect((await request(svc.app()).get('/api/promo-codes').set(bearer(forged))).status).toBe(401);
    expect(svc.authStandIn().calls()).toBe(calls);
  });

  it('an account the auth service no longer knows answers 401', async () => {
    const gone = await svc.admin();
    svc.authStandIn().accounts.delete(gone.id);
    const res = await request(svc.app()).get('/api/promo-codes').set(gone.headers);
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(res.body).error).toBe('unauthorized');
  });
});

describe('admin answers of the auth service are cached per token for a short time', () => {
  it('a burst of 20 admin calls with one token costs one lookup; another token costs its own', async () => {
    const app = svc.makeApp();
    const admin = await svc.admin();
    const before = svc.authStandIn().calls();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => request(app).get('/api/licenses/devices').set(admin.headers)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(svc.authStandIn().calls() - before).toBe(1);
    await request(app)
      .get('/api/licenses/devices')
      .set((await svc.admin()).headers)
      .expect(200);
    expect(svc.authStandIn().calls() - before).toBe(2);
  });

  it('a demotion is seen once the cache time has passed; with ADMIN_CHECK_CACHE_SECONDS=0 every call asks', async () => {
    const app = svc.makeApp({ ADMIN_CHECK_CACHE_SECONDS: '0' });
    const admin = await svc.admin();
    const before = svc.authStandIn().calls();
    for (let i = 0; i < 3; i += 1)
      await request(app).get('/api/licenses/devices').set(admin.headers).expect(200);
    expect(svc.authStandIn().calls() - before).toBe(3);
    svc.authStandIn().accounts.set(admin.id, { isAdmin: false });
    await request(app).get('/api/licenses/devices').set(admin.headers).expect(403);
  });
});

describe('when the auth service cannot answer, admin routes answer 503 and never allow', () => {
  it('auth unreachable: 503 with the error shape, nothing stored', async () => {
    const app = svc.makeApp({ AUTH_URL: `http://127.0.0.1:${await closedPort()}` });
    const admin = await svc.admin();
    const before = await svc.counts();
    const res = await request(app).post('/api/promo-codes').set(admin.headers).send({ code: 'DOWN' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'service_unavailable', message: m.adminCheckUnavailable });
    expect(await svc.counts()).toEqual(before);
  });

  it('auth answering 500, or not answering within AUTH_TIMEOUT_MS: 503; a failure is not cached', async () => {
    const app = svc.makeApp({ AUTH_TIMEOUT_MS: '300' });
    const admin = await svc.admin();
    try {
      svc.authStandIn().setMode('error');
      expect((await request(app).get('/api/promo-codes').set(admin.headers)).status).toBe(503);
      svc.authStandIn().setMode('slow');
      expect((await request(app).get('/api/promo-codes').set(admin.headers)).status).toBe(503);
    } finally {
      svc.authStandIn().setMode('up');
    }
    await request(app).get('/api/promo-codes').set(admin.headers).expect(200);
  });

  it('user routes do not need the auth service: redeem works while it is down', async () => {
    const admin = await svc.admin();
    await request(svc.app())
      .post('/api/promo-codes')
      .set(admin.headers)
      .send({ code: 'WHILE-DOWN' })
      .expect(201);
    const app = svc.makeApp({ AUTH_URL: `http://127.0.0.1:${await closedPort()}` });
    await request(app)
      .post('/api/promo-codes/redeem')
      .set(plain.headers)
      .send({ code: 'WHILE-DOWN', device_id: 'd' })
      .expect(201);
  });
});
