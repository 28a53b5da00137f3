import type { Logger } from '@pitclock/kit';
import type { Job } from 'bull';
import {
  RetryLaterError,
  type AlertAttemptRow,
  type AlertSubscription,
  type PushMessage,
  type StepAlertJobData,
  type StepAlertKey,
  type StepAlertStore,
  type StoredStepAlert,
} from '../../data-access';
import { isExpired, ttlSeconds } from '../../domain/delivery';
import type { DismissTokens } from '../../domain/dismiss-token';
import { ALERT_STAGES, alertTopic, isPending } from '../../domain/job-plan';
import { DISMISS_TOKEN_LIFETIME_AFTER_DUE_MS, stepAlertPayload } from '../../domain/payload';
import type { DeliveryMetrics } from '../metrics';
import type { PushDeliverer, SendResult } from '../push-sender';

export type StepAlertJobDeps = {
  /** The job's reads and writes: at most 2 round trips per job. */
  store: StepAlertStore;
  /** Sends without writing: store.record keeps the subscriptions' state with the delivery rows. */
  sender: PushDeliverer;
  dismissTokens: DismissTokens;
  metrics: DeliveryMetrics;
  logger: Logger;
  clock: () => Date;
};

export type StepAlertJobResult =
  | { type: 'step-alert'; outcome: 'cancelled' | 'expired' }
  | {
      type: 'step-alert';
      outcome: 'delivered';
      sent: number;
      duplicate: number;
      gone: number;
      failed: number;
    };

type Attempt = { subscription: AlertSubscription; answeredAt: Date } & SendResult;

/** The job's alert: who, which step and stage, due when. */
type Alert = StepAlertJobData & {
  dueAtDate: Date;
  offsetMs: number;
  jobId: string;
  final: boolean;
  key: StepAlertKey;
};

const alertOf = (job: Job<StepAlertJobData>): Alert => {
  const offsetMs = ALERT_STAGES[job.data.stageIndex]?.offsetMs;
  if (offsetMs === undefined) throw new Error(`unknown alert stage ${job.data.stageIndex}`);
  const { userId, runId, stepId, stage, stageIndex } = job.data;
  const dueAtDate = new Date(job.data.dueAt);
  const jobId = String(job.id);
  return {
    ...job.data,
    dueAtDate,
    offsetMs,
    jobId,
    final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
    key: { userId, runId, stepId, stage, stageIndex, dueAt: dueAtDate, jobId },
  };
};

/** A stored step that is gone, done, dismissed or re-timed no longer wants this job's alert. */
const stillWanted = (step: StoredStepAlert, dueAt: Date): boolean =>
  isPending(step) && step.scheduledAt.getTime() === dueAt.getTime();

/** On the last attempt a push service that still says "later" is a failure. */
const resultOf = (alert: Alert, attempt: Attempt) =>
  attempt.result === 'retry' && alert.final ? 'failed' : attempt.result;

/**
 * Runs one step-alert job: re-reads the stored schedule (the source of truth), then sends the alert to
 * every subscription of the user that has not accepted it yet, records each attempt, and fails the job
 * (to be retried with backoff) when a push service asked to try later.
 */
export const createStepAlertJob = (deps: StepAlertJobDeps) => {
  const { store, sender, dismissTokens, metrics, logger, clock } = deps;

  const message = (alert: Alert, source: StoredStepAlert, now: Date): PushMessage => {
    const { userId, runId, stepId, stage, dueAtDate: dueAt } = alert;
    const expiresAt = new Date(dueAt.getTime() + DISMISS_TOKEN_LIFETIME_AFTER_DUE_MS);
    const payload = stepAlertPayload({
      runId,
      stepId,
      contestId: source.contestId,
      stage,
      dueAt,
      stepName: source.name,
      templateName: source.templateName,
      timeZone: source.timeZone,
      dismissToken: dismissTokens.sign({ userId, runId, stepId, expiresAt }),
    });
    return {
      payload: JSON.stringify(payload),
      ttlSeconds: ttlSeconds(dueAt, now),
      urgency: 'high',
      topic: alertTopic({ userId, runId, stepId, stage }),
    };
  };

  // Metrics are counted before the rows are written: a reader that sees a row sees its count too.
  const sendsNothing = async (
    alert: Alert,
    outcome: 'cancelled' | 'expired',
  ): Promise<StepAlertJobResult> => {
    metrics.count(outcome);
    await store.record(alert.key, [{ result: outcome, sentAt: clock() }]);
    const { jobId, userId, runId, stepId, stageIndex } = alert;
    logger.info({ jobId, userId, runId, stepId, stageIndex }, `step alert ${outcome}`);
    return { type: 'step-alert', outcome };
  };

  /** Sends to the user's subscriptions that have not accepted this alert (read with the step). */
  const sendToUser = async (alert: Alert, source: StoredStepAlert, todo: AlertSubscription[], now: Date) => {
    const push = message(alert, source, now);
    return Promise.all(
      todo.map(async (subscription): Promise<Attempt> => ({
        subscription,
        ...(await sender.send(subscription, push)),
        answeredAt: clock(),
      })),
    );
  };

  /** Metrics first, then the rows and the subscriptions' state in one statement. */
  const record = async (alert: Alert, attempts: Attempt[], duplicates: number) => {
    metrics.count('duplicate', duplicates);
    for (const attempt of attempts) {
      metrics.count(resultOf(alert, attempt));
      if (attempt.result === 'sent') {
        const dueMs = alert.dueAtDate.getTime() + alert.offsetMs;
        metrics.observeLateness((attempt.answeredAt.getTime() - dueMs) / 1000);
      }
    }
    await store.record(
      alert.key,
      attempts.map((attempt): AlertAttemptRow => ({
        subscription: attempt.subscription,
        sentAt: attempt.answeredAt,
        result: resultOf(alert, attempt),
        statusCode: attempt.statusCode ?? null,
      })),
    );
  };

  /** Fails the job when a push service said "later": retried with push-retry backoff, unless it was the last try. */
  const failIfAnyRetry = (alert: Alert, attempts: Attempt[], attemptNumber: number) => {
    const retries = attempts.filter((attempt) => attempt.result === 'retry');
    if (retries.length === 0) return;
    const text = `${retries.length} of ${attempts.length} pushes not accepted (attempt ${attemptNumber})`;
    if (alert.final) throw new Error(`${text}: no attempts left`);
    throw new RetryLaterError(text, Math.max(0, ...retries.map((attempt) => attempt.retryAfterMs ?? 0)));
  };

  return async (job: Job<StepAlertJobData>): Promise<StepAlertJobResult> => {
    const alert = alertOf(job);
    const loaded = await store.load(alert.key);
    if (!loaded || !stillWanted(loaded.step, alert.dueAtDate)) return sendsNothing(alert, 'cancelled');
    const now = clock();
    if (isExpired(alert.dueAtDate, now)) return sendsNothing(alert, 'expired');

    const attempts = await sendToUser(alert, loaded.step, loaded.todo, now);
    const duplicates = loaded.accepted;
    await record(alert, attempts, duplicates);
    failIfAnyRetry(alert, attempts, job.attemptsMade + 1);
    const tally = (result: SendResult['result']) =>
      attempts.filter((attempt) => resultOf(alert, attempt) === result).length;
    return {
      type: 'step-alert',
      outcome: 'delivered',
      sent: tally('sent'),
      duplicate: duplicates,
      gone: tally('gone'),
      failed: tally('failed'),
    };
  };
};
