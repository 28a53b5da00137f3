import { PUSH_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createDismissTokens } from '../../domain/dismiss-token';
import { JWT_SECRET, useNotifierService, type Caller } from '../../test-support/harness';

const svc = useNotifierService();
const tokens = createDismissTokens(JWT_SECRET);

const inAMinute = () => new Date(Date.now() + 60_000);
const putRun = async (caller: Caller, runId: string) => {
  const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
  await request(svc.app())
    .put(`/api/push/runs/${runId}/schedule`)
    .set(caller.headers)
    .send({
      contest_id: 'contest-1',
      contest_name: 'Smoke-off',
      steps: [
        { id: 'trim', name: 'Trim', scheduled_at: soon(600_000), done: false, dismissed: false },
        { id: 'wrap', name: 'Wrap', scheduled_at: soon(900_000), done: false, dismissed: false },
      ],
    })
    .expect(200);
};
const dismiss = (body: unknown) =>
  request(svc.app())
    .post('/api/push/dismiss')
    .send(body as object);
const stepState = (userId: number, runId: string) =>
  svc.query(
    'select step_id, dismissed from push_schedule_steps where user_id = $1 and run_id = $2 order by position',
    [userId, runId],
  );
const jobSteps = async (userId: number, runId: string) =>
  [...new Set((await svc.jobsOf(userId, runId)).map((job) => job.data.stepId))].sort();

describe('POST /api/push/dismiss', () => {
  it('with a valid token and no bearer: marks the step dismissed and removes its jobs only (204)', async () => {
    const cook = await svc.user();
    await putRun(cook, 'run-1');
    const token = tokens.sign({ userId: cook.id, runId: 'run-1', stepId: 'trim', expiresAt: inAMinute() });
    const res = await dismiss({ token }).expect(204);
    expect(res.text).toBe('');
    expect(await stepState(cook.id, 'run-1')).toEqual([
      { step_id: 'trim', dismissed: true },
      { step_id: 'wrap', dismissed: false },
    ]);
    expect(await jobSteps(cook.id, 'run-1')).toEqual(['wrap']);
    await dismiss({ token }).expect(204);
  });

  it('an expired token, or one signed with another key, is 401 and changes nothing', async () => {
    const cook = await svc.user();
    await putRun(cook, 'run-2');
    const claims = { userId: cook.id, runId: 'run-2', stepId: 'trim' };
    const expired = tokens.sign({ ...claims, expiresAt: new Date(Date.now() - 1_000) });
    const forged = createDismissTokens('another-secret-that-is-32-characters-long').sign({
      ...claims,
      expiresAt: inAMinute(),
    });
    for (const [token, reason] of [
      [expired, 'expired'],
      [forged, 'signature'],
    ] as const) {
      const res = await dismiss({ token }).expect(401);
      expect(errorBodySchema.parse(res.body)).toEqual({
        error: 'unauthorized',
        message: m.dismissTokenInvalid,
        details: { reason },
      });
    }
    expect(await stepState(cook.id, 'run-2')).toEqual([
      { step_id: 'trim', dismissed: false },
      { step_id: 'wrap', dismissed: false },
    ]);
    expect(await jobSteps(cook.id, 'run-2')).toEqual(['trim', 'wrap']);
  });

  it("a token for another user's run of the same id dismisses nothing of this user's", async () => {
    const [cook, other] = [await svc.user(), await svc.user()];
    await putRun(cook, 'run-3');
    const token = tokens.sign({ userId: other.id, runId: 'run-3', stepId: 'trim', expiresAt: inAMinute() });
    const res = await dismiss({ token }).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: m.scheduleNotFound });
    expect(await jobSteps(cook.id, 'run-3')).toEqual(['trim', 'wrap']);
  });

  it('a malformed or missing token and bad JSON are 400; an unknown step is 404', async () => {
    const before = await svc.counts();
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'not-a-token' }, { token: 'a.b.c' }]) {
      const res = await dismiss(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      errorBodySchema.parse(res.body);
    }
    const badJson = await request(svc.app())
      .post('/api/push/dismiss')
      .set('Content-Type', 'application/json')
      .send('{"token":');
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toBe('invalid_json');
    const cook = await svc.user();
    await putRun(cook, 'run-4');
    const unknown = tokens.sign({ userId: cook.id, runId: 'run-4', stepId: 'nope', expiresAt: inAMinute() });
    await dismiss({ token: unknown }).expect(404);
    expect((await svc.counts()).push_schedule_steps).toBe(before.push_schedule_steps! + 2);
    expect(await jobSteps(cook.id, 'run-4')).toEqual(['trim', 'wrap']);
  });

  it('with PUSH_ACTION_SECRET set, tokens are signed with a key derived from it, not from JWT_SECRET', async () => {
    const actionSecret = 'push-action-secret-of-at-least-32-chars';
    const app = svc.makeApp({ PUSH_ACTION_SECRET: actionSecret });
    const cook = await svc.user();
    await putRun(cook, 'run-5');
    const claims = { userId: cook.id, runId: 'run-5', stepId: 'trim', expiresAt: inAMinute() };
    await request(app)
      .post('/api/push/dismiss')
      .send({ token: tokens.sign(claims) })
      .expect(401);
    await request(app)
      .post('/api/push/dismiss')
      .send({ token: createDismissTokens(actionSecret).sign(claims) })
      .expect(204);
    expect(await jobSteps(cook.id, 'run-5')).toEqual(['wrap']);
  });
});
