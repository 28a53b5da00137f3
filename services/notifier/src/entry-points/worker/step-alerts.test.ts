import { PUSH_MAX_PAYLOAD_BYTES, type PushPayload } from '@pitclock/contracts/push';
import { STEP_ALERT_TAG } from '@pitclock/contracts/step-alerts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pushRetryBackoff, type StepAlertJobData } from '../../data-access';
import { hhmmInZone } from '../../domain/alert-text';
import { alertTopic, stepAlertJobId } from '../../domain/job-plan';
import { useNotifierService, type Caller, type RunningWorker } from '../../test-support/harness';
import { metricValue } from '../../test-support/metrics';
import { readVapidAuthorization } from '../../test-support/push-receiver';
import { waitFor } from '@pitclock/kit/testing';

const svc = useNotifierService();

// A real worker runs each test with real time: steps are due a second or so ahead so that their jobs fire.
type StepInput = {
  id: string;
  name: string;
  scheduled_at: string;
  done?: boolean;
  dismissed?: boolean;
  template_name?: string | null;
};
const dueSoon = (ms = 1_200) => new Date(Date.now() + ms);
const putRun = async (
  caller: Caller,
  runId: string,
  steps: StepInput[],
  more: Record<string, unknown> = {},
) => {
  const res = await request(svc.app())
    .put(`/api/push/runs/${runId}/schedule`)
    .set(caller.headers)
    .send({
      contest_id: 'contest:7',
      contest_name: 'Smoke-off',
      steps: steps.map((step) => ({ done: false, dismissed: false, ...step })),
      ...more,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const deleteRun = (caller: Caller, runId: string) =>
  request(svc.app()).delete(`/api/push/runs/${runId}/schedule`).set(caller.headers);

/** Runs a test with a worker of its own, stopped at its end (leftover reminder jobs are removed too). */
const withWorker = async (
  run: (worker: RunningWorker) => Promise<void>,
  options: Parameters<typeof svc.startWorker> = [],
) => {
  const worker = await svc.startWorker(...options);
  try {
    await run(worker);
  } finally {
    await worker.consumer.stop();
  }
};

const deliveries = (userId: number, runId: string) =>
  svc.query<{
    subscription_id: number | null;
    result: string;
    status_code: number | null;
    stage: string;
    stage_index: number;
    due_at: Date;
  }>(
    `select subscription_id, result, status_code, stage, stage_index, due_at from push_deliveries
     where user_id = $1 and run_id = $2 order by subscription_id, id`,
    [userId, runId],
  );

describe('the worker sends step alerts', () => {
  it('at its time to every subscription of the user: TTL, Urgency high, Topic, VAPID, the encrypted payload', async () => {
    await withWorker(async (worker) => {
      const [cook, other] = [await svc.user(), await svc.user()];
      const phone = await svc.subscribe(cook, 'phone');
      const laptop = await svc.subscribe(cook, 'laptop');
      const bystander = await svc.subscribe(other);
      const due = dueSoon();
      await putRun(
        cook,
        'run-e2e',
        [{ id: 'trim', name: 'Trim brisket', template_name: 'Brisket', scheduled_at: due.toISOString() }],
        {
          time_zone: 'America/Chicago',
        },
      );
      await putRun(other, 'run-e2e', [{ id: 'trim', name: 'Other cook', scheduled_at: due.toISOString() }]);

      const [push] = await svc.receiver().waitForPushes(phone.endpoint);
      await svc.receiver().waitForPushes(laptop.endpoint);
      const [otherPush] = await svc.receiver().waitForPushes(bystander.endpoint);
      expect(push!.receivedAtMs).toBeGreaterThanOrEqual(due.getTime() - 20);
      expect(Number(push!.headers.ttl)).toBeGreaterThanOrEqual(290);
      expect(Number(push!.headers.ttl)).toBeLessThanOrEqual(300);
      expect(push!.headers).toMatchObject({
        urgency: 'high',
        topic: alertTopic({ userId: cook.id, runId: 'run-e2e', stepId: 'trim', stage: 'due-now' }),
        'content-encoding': 'aes128gcm',
      });
      const { public_key: publicKey } = (await request(svc.app()).get('/api/push/vapid-public-key')).body;
      expect(readVapidAuthorization(push!.headers.authorization)).toMatchObject({
        publicKey,
        signatureValid: true,
        claims: { aud: svc.receiver().origin, sub: 'mailto:admin@pitclock.local' },
      });

      const text = phone.decrypt(push!.body);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PUSH_MAX_PAYLOAD_BYTES);
      const payload = JSON.parse(text) as PushPayload;
      expect(payload).toEqual({
        kind: 'step-alert',
        title: 'PitClock - Trim brisket',
        body: `Due now · Brisket · due ${hhmmInZone(due, 'America/Chicago')}`,
        tag: STEP_ALERT_TAG,
        data: {
          url: '/contests/contest%3A7/runs/run-e2e/steps',
          stepId: 'trim',
          runId: 'run-e2e',
          contestId: 'contest:7',
          stage: 'due-now',
          dueAt: due.toISOString(),
          dismissToken: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
        },
      });
      expect(JSON.parse(bystander.decrypt(otherPush!.body)).title).toBe('PitClock - Other cook');
      expect(svc.receiver().received(phone.endpoint)).toHaveLength(1);

      await waitFor('two delivery rows', async () => (await deliveries(cook.id, 'run-e2e')).length === 2);
      expect(await deliveries(cook.id, 'run-e2e')).toEqual(
        [phone, laptop].map((subscription) => ({
          subscription_id: subscription.id,
          result: 'sent',
          status_code: 201,
          stage: 'due-now',
          stage_index: 0,
          due_at: due,
        })),
      );
      const states = await svc.query<{ last_success_at: Date | null }>(
        'select last_success_at from push_subscriptions where user_id = $1',
        [cook.id],
      );
      expect(states.every((row) => row.last_success_at instanceof Date)).toBe(true);

      // The notification's Dismiss, as the service worker sends it: no more reminders for that step.
      expect(await svc.jobsOf(cook.id, 'run-e2e', ['delayed'])).toHaveLength(4);
      const token = payload.kind === 'step-alert' ? payload.data.dismissToken : '';
      await request(svc.app()).post('/api/push/dismiss').send({ token }).expect(204);
      expect(await svc.jobsOf(cook.id, 'run-e2e', ['delayed'])).toEqual([]);

      await waitFor(
        "the other user's delivery row",
        async () => (await deliveries(other.id, 'run-e2e')).length === 1,
      );
      const metrics = (await request(worker.probeApp).get('/metrics').expect(200)).text;
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'sent' })).toBe(3);
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'failed' })).toBe(0);
      expect(metricValue(metrics, 'notifier_push_lateness_seconds_count')).toBe(3);
      expect(metricValue(metrics, 'notifier_queue_jobs', { state: 'delayed' })).toBeGreaterThanOrEqual(4);
      for (const state of ['waiting', 'active', 'failed']) {
        expect(metricValue(metrics, 'notifier_queue_jobs', { state })).toBeGreaterThanOrEqual(0);
      }
      const apiMetrics = (await request(svc.app()).get('/metrics').expect(200)).text;
      expect(metricValue(apiMetrics, 'notifier_queue_jobs', { state: 'delayed' })).toBeGreaterThanOrEqual(4);
      await deleteRun(other, 'run-e2e').expect(204);
    });
  });

  it("writes the due time in the schedule's locale and zone; without one (older apps), or with one Intl cannot read, 24-hour HH:MM", async () => {
    await withWorker(async () => {
      const cook = await svc.user();
      const phone = await svc.subscribe(cook, 'phone');
      // Far enough ahead that the stored locale below is changed before the job reads it.
      const due = dueSoon(3_000);
      const steps = [{ id: 'wrap', name: 'Wrap', template_name: 'Ribs', scheduled_at: due.toISOString() }];
      const chicago = { time_zone: 'America/Chicago' };
      await putRun(cook, 'run-us', steps, { ...chicago, locale: 'en-US' });
      await putRun(cook, 'run-gb', steps, { time_zone: 'Europe/London', locale: 'en-GB' });
      await putRun(cook, 'run-older-app', steps, chicago);
      await putRun(cook, 'run-bad-stored', steps, { ...chicago, locale: 'en-US' });
      // A locale no PUT takes (one stored by a bug, or that a later ICU refuses) never fails the alert.
      await svc.query('update push_schedules set locale = $1 where user_id = $2 and run_id = $3', [
        'en-US-u',
        cook.id,
        'run-bad-stored',
      ]);

      const pushes = await svc.receiver().waitForPushes(phone.endpoint, 4);
      const bodies = Object.fromEntries(
        pushes.map((push) => {
          const payload = JSON.parse(phone.decrypt(push.body)) as PushPayload;
          return [payload.kind === 'step-alert' ? payload.data.runId : payload.kind, payload.body];
        }),
      );
      const twelveHour = new Intl.DateTimeFormat('en-US', {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'America/Chicago',
      })
        .format(due)
        .replace(/\s/g, ' ');
      expect(twelveHour).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
      const chicagoHhmm = hhmmInZone(due, 'America/Chicago');
      expect(chicagoHhmm).toMatch(/^\d{2}:\d{2}$/);
      expect(bodies).toEqual({
        'run-us': `Due now · Ribs · due ${twelveHour}`,
        'run-gb': `Due now · Ribs · due ${hhmmInZone(due, 'Europe/London')}`,
        'run-older-app': `Due now · Ribs · due ${chicagoHhmm}`,
        'run-bad-stored': `Due now · Ribs · due ${chicagoHhmm}`,
      });
      for (const runId of ['run-us', 'run-gb', 'run-older-app', 'run-bad-stored']) {
        await waitFor(`the delivery row of ${runId}`, async () =>
          (await deliveries(cook.id, runId)).some((row) => row.result === 'sent'),
        );
      }
    });
  });

  it('a step already due when its schedule comes is sent at once: its job finds the step stored', async () => {
    await withWorker(async () => {
      const cook = await svc.user();
      const phone = await svc.subscribe(cook, 'phone');
      // Several runs at once, each with a step due a second ago: their jobs run the moment they are added.
      const runs = ['late-1', 'late-2', 'late-3', 'late-4', 'late-5'];
      await Promise.all(
        runs.map((runId) =>
          putRun(cook, runId, [
            { id: 'sauce', name: 'Sauce', scheduled_at: new Date(Date.now() - 1_000).toISOString() },
          ]),
        ),
      );
      await svc.receiver().waitForPushes(phone.endpoint, runs.length);
      // The worker records a delivery once the push service has answered: the push can arrive first.
      for (const runId of runs) {
        await waitFor(
          `${runId}'s delivery recorded`,
          async () => (await deliveries(cook.id, runId)).length > 0,
        );
        expect((await deliveries(cook.id, runId)).map((row) => row.result)).toEqual(['sent']);
      }
    });
  });

  it('a job run twice sends once per subscription; the same schedule again adds no job and sends nothing', async () => {
    await withWorker(async (worker) => {
      const cook = await svc.user();
      const [a, b] = [await svc.subscribe(cook), await svc.subscribe(cook)];
      const due = dueSoon();
      const steps = [{ id: 'glaze', name: 'Glaze', scheduled_at: due.toISOString() }];
      await putRun(cook, 'run-twice', steps);
      const firstId = stepAlertJobId({
        userId: cook.id,
        runId: 'run-twice',
        stepId: 'glaze',
        stageIndex: 0,
        dueAtMs: due.getTime(),
      });
      await waitFor(
        'the first job completed',
        async () => (await (await svc.queue().getJob(firstId))?.getState()) === 'completed',
      );

      const data: StepAlertJobData = {
        userId: cook.id,
        runId: 'run-twice',
        stepId: 'glaze',
        stageIndex: 0,
        stage: 'due-now',
        dueAt: due.toISOString(),
      };
      const rerun = await svc.queue().add('step-alert', data, {
        jobId: `rerun-${cook.id}`,
        attempts: 3,
        backoff: { type: pushRetryBackoff },
      });
      expect(await rerun.finished()).toEqual({
        type: 'step-alert',
        outcome: 'delivered',
        sent: 0,
        duplicate: 2,
        gone: 0,
        failed: 0,
      });

      await putRun(cook, 'run-twice', steps);
      const all = await svc.jobsOf(cook.id, 'run-twice', ['delayed', 'waiting', 'active', 'completed']);
      expect(
        all
          .filter((job) => job.data.stageIndex === 0)
          .map((job) => String(job.id))
          .sort(),
      ).toEqual([firstId, `rerun-${cook.id}`].sort());
      expect(all).toHaveLength(6);
      expect(svc.receiver().received(a.endpoint)).toHaveLength(1);
      expect(svc.receiver().received(b.endpoint)).toHaveLength(1);
      expect((await deliveries(cook.id, 'run-twice')).map((row) => row.result)).toEqual(['sent', 'sent']);
      const metrics = (await request(worker.probeApp).get('/metrics')).text;
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'duplicate' })).toBe(2);
      await deleteRun(cook, 'run-twice').expect(204);
    });
  });

  it('a subscription answered 410 or 404 is deleted and recorded as gone; the others still get the alert', async () => {
    await withWorker(async () => {
      const cook = await svc.user();
      const [ok, gone, missing] = [
        await svc.subscribe(cook),
        await svc.subscribe(cook),
        await svc.subscribe(cook),
      ];
      svc.receiver().reply(gone.endpoint, { status: 410 });
      svc.receiver().reply(missing.endpoint, { status: 404 });
      await putRun(cook, 'run-gone', [{ id: 'mop', name: 'Mop', scheduled_at: dueSoon().toISOString() }]);
      await waitFor('three delivery rows', async () => (await deliveries(cook.id, 'run-gone')).length === 3);
      expect(
        (await deliveries(cook.id, 'run-gone')).map((row) => [
          row.subscription_id,
          row.result,
          row.status_code,
        ]),
      ).toEqual([
        [ok.id, 'sent', 201],
        [gone.id, 'gone', 410],
        [missing.id, 'gone', 404],
      ]);
      expect(
        (await svc.query('select id from push_subscriptions where user_id = $1', [cook.id])).map(
          (row) => row.id,
        ),
      ).toEqual([ok.id]);
      expect(svc.receiver().received(gone.endpoint)).toHaveLength(1);
      await deleteRun(cook, 'run-gone').expect(204);
    });
  });

  it('re-checks the stored schedule: a job of a step since done, re-timed or deleted sends nothing (cancelled)', async () => {
    await withWorker(async (worker) => {
      const cook = await svc.user();
      const subscription = await svc.subscribe(cook);
      const due = dueSoon(1_500).toISOString();
      await putRun(cook, 'run-race', [
        { id: 'done', name: 'Done', scheduled_at: due },
        { id: 'moved', name: 'Moved', scheduled_at: due },
      ]);
      await putRun(cook, 'run-race-2', [{ id: 'deleted', name: 'Deleted', scheduled_at: due }]);
      // As if a PUT changed the stored schedule while its jobs were already running.
      await svc.query(`update push_schedule_steps set done = true where user_id = $1 and step_id = 'done'`, [
        cook.id,
      ]);
      await svc.query(
        `update push_schedule_steps set scheduled_at = now() + interval '1 hour' where user_id = $1 and step_id = 'moved'`,
        [cook.id],
      );
      await svc.query(`delete from push_schedules where user_id = $1 and run_id = 'run-race-2'`, [cook.id]);
      await waitFor(
        'three cancelled rows',
        async () =>
          (await svc.count('push_deliveries', "user_id = $1 and result = 'cancelled'", [cook.id])) === 3,
      );
      expect(
        await svc.count('push_deliveries', 'user_id = $1 and subscription_id is not null', [cook.id]),
      ).toBe(0);
      expect(svc.receiver().received(subscription.endpoint)).toEqual([]);
      const metrics = (await request(worker.probeApp).get('/metrics')).text;
      expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'cancelled' })).toBe(3);
      await deleteRun(cook, 'run-race').expect(204);
    });
  });

  it('a job that runs after the overdue window records expired and sends nothing', async () => {
    const tenMinutesAhead = () => new Date(Date.now() + 10 * 60_000);
    await withWorker(
      async (worker) => {
        const cook = await svc.user();
        const subscription = await svc.subscribe(cook);
        await putRun(cook, 'run-expired', [
          { id: 'late', name: 'Late', scheduled_at: dueSoon(500).toISOString() },
        ]);
        await waitFor('an expired row', async () => (await deliveries(cook.id, 'run-expired')).length > 0);
        expect(
          (await deliveries(cook.id, 'run-expired')).map((row) => [row.subscription_id, row.result]),
        ).toEqual([[null, 'expired']]);
        expect(svc.receiver().received(subscription.endpoint)).toEqual([]);
        const metrics = (await request(worker.probeApp).get('/metrics')).text;
        expect(metricValue(metrics, 'notifier_push_deliveries_total', { result: 'expired' })).toBe(1);
        await deleteRun(cook, 'run-expired').expect(204);
      },
      [{}, { now: tenMinutesAhead }],
    );
  });

  it('does not call a push service removed from PUSH_ALLOWED_ORIGINS since the subscription was stored', async () => {
    await withWorker(async () => {
      const cook = await svc.user();
      const subscription = await svc.subscribe(cook);
      await putRun(cook, 'run-delisted', [
        { id: 'rest', name: 'Rest', scheduled_at: dueSoon(500).toISOString() },
      ]);
      await waitFor('a failed row', async () => (await deliveries(cook.id, 'run-delisted')).length > 0);
      expect(
        (await deliveries(cook.id, 'run-delisted')).map((row) => [
          row.subscription_id,
          row.result,
          row.status_code,
        ]),
      ).toEqual([[subscription.id, 'failed', null]]);
      expect(svc.receiver().received(subscription.endpoint)).toEqual([]);
      expect(await svc.count('push_subscriptions', 'id = $1', [subscription.id])).toBe(1);
      await deleteRun(cook, 'run-delisted').expect(204);
    }, [{ PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com' }]);
  });

  it('names at their longest still give a payload under the push size limit', async () => {
    await withWorker(async () => {
      const cook = await svc.user();
      const subscription = await svc.subscribe(cook);
      const name = '\u0001🔥'.repeat(66) + 'x';
      const longId = 'i'.repeat(100);
      await putRun(
        cook,
        longId,
        [{ id: longId, name, template_name: '\u0002'.repeat(200), scheduled_at: dueSoon(500).toISOString() }],
        { contest_id: 'c'.repeat(100), contest_name: 'n'.repeat(200) },
      );
      const [push] = await svc.receiver().waitForPushes(subscription.endpoint);
      const text = subscription.decrypt(push!.body);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PUSH_MAX_PAYLOAD_BYTES);
      expect(JSON.parse(text).title).toBe(`PitClock - ${name}`);
      await deleteRun(cook, longId).expect(204);
    });
  });
});
