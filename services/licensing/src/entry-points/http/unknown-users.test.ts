import { LICENSING_MESSAGES as m } from '@pitclock/contracts/schemas';
import { closedPort } from '@pitclock/kit/testing';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLicensingService, type Caller } from '../../test-support/harness';

// Codes and credits are minted only for users the auth service knows (licensing does not own users: it
// asks auth's GET /api/users/{id} with the admin's own token). An unknown user is a 404, nothing stored.

const svc = useLicensingService();

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
});

/** A user id the auth service has never had. */
const NOBODY = 999_999;

const mintFor = (userId: number, app = svc.app()) =>
  request(app).post('/api/licenses/codes').set(admin.headers).send({ user_id: userId });
const addCredits = (userId: number, app = svc.app()) =>
  request(app).post(`/api/users/${userId}/credits`).set(admin.headers).send({ amount: 5 });
const adjust = (userId: number, app = svc.app()) =>
  request(app)
    .post('/api/licenses/credits/admin-adjust')
    .set(admin.headers)
    .send({ user_id: userId, amount: 5 });

const calls: [string, (userId: number, app?: ReturnType<typeof svc.app>) => request.Test, number][] = [
  ['POST /api/licenses/codes', mintFor, 201],
  ['POST /api/users/{id}/credits', addCredits, 200],
  ['POST /api/licenses/credits/admin-adjust', adjust, 200],
];

describe('minting for a user id the auth service does not know', () => {
  it.each(calls)('%s answers 404 user_not_found and stores nothing', async (_name, call) => {
    const before = await svc.counts();
    const res = await call(NOBODY);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toEqual({ error: 'user_not_found', message: m.userNotFound });
    expect(await svc.counts()).toEqual(before);
  });

  it.each(calls)('%s for a deleted user answers 404 too', async (_name, call) => {
    const gone = await svc.user();
    await svc.endSessions(gone, 'delete');
    const before = await svc.counts();
    expect((await call(gone.id)).status).toBe(404);
    expect(await svc.counts()).toEqual(before);
  });

  it.each(calls)('%s for a user auth knows goes through as before', async (_name, call, status) => {
    const cook = await svc.user();
    const res = await call(cook.id);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it.each(calls)(
    '%s answers 503 and stores nothing when the auth service cannot say whether the user exists',
    async (_name, call) => {
      const standIn = svc.authStandIn();
      const cook = await svc.user();
      const app = svc.makeApp({ AUTH_TIMEOUT_MS: '300' });
      // The admin check is cached; the user lookup is not, and fails closed.
      await request(app).get('/api/licenses/devices').set(admin.headers).expect(200);
      const before = await svc.counts();
      standIn.setMode('error');
      try {
        const res = await call(cook.id, app);
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body.error).toBe('service_unavailable');
      } finally {
        standIn.setMode('up');
      }
      expect(await svc.counts()).toEqual(before);
    },
  );

  it('the auth service unreachable: 503, nothing stored', async () => {
    const app = svc.makeApp({ AUTH_URL: `http://127.0.0.1:${await closedPort()}` });
    const before = await svc.counts();
    expect((await addCredits((await svc.user()).id, app)).status).toBe(503);
    expect(await svc.counts()).toEqual(before);
  });
});
