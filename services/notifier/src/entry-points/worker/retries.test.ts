import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { stepAlertJobId } from '../../domain/job-plan';
import { useNotifierService, type Caller } from '../../test-support/harness';
import { metricValue } from '../../test-support/metrics';
import { waitFor } from '@pitclock/kit/testing';

// Workers here retry after 100 ms, doubling (PUSH_RETRY_BASE_DELAY_MS in the harness).
const svc = useNotifierService();

const putStep = async (caller: Caller, runId: string, dueAt: Date, app = svc.app()) => {
  await request(app)
    .put(`/api/push/runs/${runId}/schedule`)
    .set(caller.headers)
    .send({
      contest_id: 'contest-1',
      contest_name: 'Smoke-off',
      steps: [
        { id: 'inject', name: 'Inject', scheduled_at: dueAt.toISOString(), done: false, dismissed: false },
      ],
    })
    .expect(200);
  return stepAlertJobId({
    userId: caller.id,
    runId,
    stepId: 'inject',
    stageIndex: 0,
    dueAtMs: dueAt.getTime(),
  });
};
const soon = () => new Date(Date.now() + 800);
const jobState = async (jobId: string) => (await svc.queue().getJob(jobId))?.getState();
const attemptsOf = (userId: number) =>
  svc.query<{ subscription_id: number; result: string; status_code: number | null }>(
    `select subscription_id, result, status_code from push_deliveries where user_id = $1 order by id`,
    [userId],
  );
const deleteRun = (caller: Caller, runId: string) =>
  request(svc.app()).delete(`/api/push/runs/${runId}/schedule`).set(caller.headers).expect(204);

describe('retries of step alerts', () => {
  it('a 503 is retried with backoff; the alert is then recorded once, and a subscription that accepted is not sent again', async () => {
    const worker = await svc.startWorker();
    try {
      const cook = await svc.user();
      const [busy, fine] = [await svc.subscribe(cook), await svc.subscribe(cook)];
      svc.receiver().reply(busy.endpoint, { status: 503 });
      const jobId = await putStep(cook, 'run-503', soon());
      await waitFor('the job to complete', async () => (await jobState(jobId)) === 'completed');
      expect(await attemptsOf(cook.id)).toEqual(
        expect.arrayContaining([
          { subscription_id: busy.id, result: 'retry', status_code: 503 },
          { subscription_id: busy.id, result: 'sent', status_code: 201 },
          { subscription_id: fine.id, result: 'sent', status_code: 201 },
        ]),
      );
      expect(await attemptsOf(cook.id)).toHaveLength(3);
      expect(
        svc
          .receiver()
          .received(busy.endpoint)
          .map((push) => push.status),
      ).toEqual([503, 201]);
      expect(svc.receiver().received(fine.endpoint)).toHaveLength(1);
      expect((await svc.queue().getJob(jobId))!.attemptsMade).toBe(1);
      const metrics = (await request(worker.probeApp).get('/metrics')).text;
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'retry' })).toBe(1);
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'duplicate' })).toBe(1);
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'sent' })).toBe(2);
      await deleteRun(cook, 'run-503');
    } finally {
      await worker.consumer.stop();
    }
  });

  it("a 429's Retry-After is honoured: the retry comes no sooner", async () => {
    const worker = await svc.startWorker();
    try {
      const cook = await svc.user();
      const subscription = await svc.subscribe(cook);
      svc.receiver().reply(subscription.endpoint, { status: 429, headers: { 'Retry-After': '2' } });
      await putStep(cook, 'run-429', soon());
      const [first, second] = await svc.receiver().waitForPushes(subscription.endpoint, 2);
      expect([first!.status, second!.status]).toEqual([429, 201]);
      expect(second!.receivedAtMs - first!.receivedAtMs).toBeGreaterThanOrEqual(2_000);
      await deleteRun(cook, 'run-429');
    } finally {
      await worker.consumer.stop();
    }
  });

  it('a push service that does not answer in PUSH_TIMEOUT_MS is retried', async () => {
    const worker = await svc.startWorker({ PUSH_TIMEOUT_MS: '300' });
    try {
      const cook = await svc.user();
      const subscription = await svc.subscribe(cook);
      svc.receiver().reply(subscription.endpoint, { status: 201, hang: true });
      const jobId = await putStep(cook, 'run-timeout', soon());
      await waitFor('the job to complete', async () => (await jobState(jobId)) === 'completed');
      expect((await attemptsOf(cook.id)).map((row) => [row.result, row.status_code])).toEqual([
        ['retry', null],
        ['sent', 201],
      ]);
      await deleteRun(cook, 'run-timeout');
    } finally {
      await worker.consumer.stop();
    }
  });

  it('a job that runs out of attempts is kept as failed, recorded and counted, never dropped', async () => {
    const twoAttempts = svc.makeApp({ PUSH_JOB_ATTEMPTS: '2' });
    const worker = await svc.startWorker();
    try {
      const cook = await svc.user();
      const subscription = await svc.subscribe(cook);
      svc.receiver().reply(subscription.endpoint, { status: 503 }, { status: 502 }, { status: 503 });
      const jobId = await putStep(cook, 'run-exhausted', soon(), twoAttempts);
      await waitFor('the job to fail', async () => (await jobState(jobId)) === 'failed');
      const job = (await svc.queue().getJob(jobId))!;
      expect(job.attemptsMade).toBe(2);
      expect(job.failedReason).toMatch(/no attempts left/);
      expect(
        svc
          .receiver()
          .received(subscription.endpoint)
          .map((push) => push.status),
      ).toEqual([503, 502]);
      expect((await attemptsOf(cook.id)).map((row) => [row.result, row.status_code])).toEqual([
        ['retry', 503],
        ['failed', 502],
      ]);
      const metrics = (await request(worker.probeApp).get('/metrics')).text;
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'failed' })).toBe(1);
      expect(metricValue(metrics, 'notifier_queue_jobs', { state: 'failed' })).toBe(1);
      const apiMetrics = (await request(svc.app()).get('/metrics')).text;
      expect(metricValue(apiMetrics, 'notifier_queue_jobs', { state: 'failed' })).toBe(1);
      await deleteRun(cook, 'run-exhausted');
      expect(await jobState(jobId)).toBe('failed');
    } finally {
      await worker.consumer.stop();
    }
  });
});
