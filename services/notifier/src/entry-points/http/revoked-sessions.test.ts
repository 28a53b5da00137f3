import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useNotifierService, type Caller } from '../../test-support/harness';

// A deleted user's access token must stop working at once: auth bumps the user's token generation in the
// shared Redis and the notifier refuses any token of an older one (it used to accept it until it expired).

const svc = useNotifierService();

const schedule = {
  contest_id: 'contest-1',
  contest_name: 'Smoke on the Water',
  steps: [
    {
      id: 'trim',
      name: 'Trim',
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      done: false,
      dismissed: false,
    },
  ],
};
const putSchedule = (who: Caller) =>
  request(svc.app()).put('/api/push/runs/run-1/schedule').set(who.headers).send(schedule);

describe('tokens of an older generation', () => {
  it("a deleted user's token answers 401 token_revoked and cannot store a schedule: nothing stored, no job", async () => {
    const cook = await svc.user();
    await svc.subscribe(cook);
    await svc.endSessions(cook);
    const before = await svc.counts();
    const res = await putSchedule(cook);
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(res.body).error).toBe('token_revoked');
    expect(await svc.counts()).toEqual(before);
    expect(await svc.jobsOf(cook.id, 'run-1')).toHaveLength(0);
  });

  it('nor subscribe, list its subscriptions or send a test push', async () => {
    const cook = await svc.user();
    const subscription = svc.receiver().subscription();
    await svc.endSessions(cook);
    const before = await svc.counts();
    const calls = [
      request(svc.app())
        .post('/api/push/subscribe')
        .set(cook.headers)
        .send({ subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, device_id: 'd' }),
      request(svc.app()).get('/api/push/me').set(cook.headers),
      request(svc.app()).post('/api/push/test').set(cook.headers),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    expect(await svc.counts()).toEqual(before);
    expect(svc.receiver().received(subscription.endpoint)).toHaveLength(0);
  });

  it('a token of the current generation keeps working', async () => {
    const cook = await svc.user();
    const current = await svc.endSessions(cook);
    const res = await putSchedule(current);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
