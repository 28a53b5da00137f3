import type { Logger } from '@pitclock/kit';
import type { Job } from 'bull';
import {
  RetryLaterError,
  type DeliveriesRepository,
  type PushMessage,
  type NewPushDelivery,
  type PushSubscriptionRow,
  type PushSubscriptionsRepository,
  type SchedulesRepository,
  type StepAlertJobData,
  type StepAlertSource,
} from '../../data-access';
import { isExpired, ttlSeconds } from '../../domain/delivery';
import type { DismissTokens } from '../../domain/dismiss-token';
import { ALERT_STAGES, alertTopic, isPending } from '../../domain/job-plan';
import { DISMISS_TOKEN_LIFETIME_AFTER_DUE_MS, stepAlertPayload } from '../../domain/payload';
import type { DeliveryMetrics } from '../metrics';
import type { PushSender, SendResult } from '../push-sender';

export type StepAlertJobDeps = {
  schedules: SchedulesRepository;
  subscriptions: PushSubscriptionsRepository;
  deliveries: DeliveriesRepository;
  sender: PushSender;
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

type Attempt = { subscription: PushSubscriptionRow; answeredAt: Date } & SendResult;

/** The job's alert: who, which step and stage, due when. */
type Alert = StepAlertJobData & { dueAtDate: Date; offsetMs: number; jobId: string; final: boolean };

const alertOf = (job: Job<StepAlertJobData>): Alert => {
  const offsetMs = ALERT_STAGES[job.data.stageIndex]?.offsetMs;
  if (offsetMs === undefined) throw new Error(`unknown alert stage ${job.data.stageIndex}`);
  return {
    ...job.data,
    dueAtDate: new Date(job.data.dueAt),
    offsetMs,
    jobId: String(job.id),
    final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
  };
};

/** A stored step that is gone, done, dismissed or re-timed no longer wants this job's alert. */
const stillWanted = (source: StepAlertSource | undefined, dueAt: Date): source is StepAlertSource =>
  source !== undefined && isPending(source) && source.scheduledAt.getTime() === dueAt.getTime();

const deliveryRow = (
  alert: Alert,
  more: Pick<NewPushDelivery, 'result' | 'sentAt'> & Partial<NewPushDelivery>,
): NewPushDelivery => ({
  userId: alert.userId,
  runId: alert.runId,
  stepId: alert.stepId,
  stage: alert.stage,
  stageIndex: alert.stageIndex,
  dueAt: alert.dueAtDate,
  jobId: alert.jobId,
  ...more,
});

/** On the last attempt a push service that still says "later" is a failure. */
const resultOf = (alert: Alert, attempt: Attempt) =>
  attempt.result === 'retry' && alert.final ? 'failed' : attempt.result;

/**
 * Runs one step-alert job: re-reads the stored schedule (the source of truth), then sends the alert to
 * every subscription of the user that has not accepted it yet, records each attempt, and fails the job
 * (to be retried with backoff) when a push service asked to try later.
 */
export const createStepAlertJob = (deps: StepAlertJobDeps) => {
  const { schedules, subscriptions, deliveries, sender, dismissTokens, metrics, logger, clock } = deps;

  const message = (alert: Alert, source: StepAlertSource, now: Date): PushMessage => {
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
    await deliveries.record([deliveryRow(alert, { result: outcome, sentAt: clock() })]);
    const { jobId, userId, runId, stepId, stageIndex } = alert;
    logger.info({ jobId, userId, runId, stepId, stageIndex }, `step alert ${outcome}`);
    return { type: 'step-alert', outcome };
  };

  /** Sends to the user's subscriptions that have not accepted this alert; the others are duplicates. */
  const sendToUser = async (alert: Alert, source: StepAlertSource, now: Date) => {
    const { userId, runId, stepId, stageIndex, dueAtDate: dueAt } = alert;
    const [all, accepted] = await Promise.all([
      subscriptions.listByUser(userId),
      deliveries.acceptedSubscriptionIds({ userId, runId, stepId, stageIndex, dueAt }),
    ]);
    const todo = all.filter((subscription) => !accepted.has(subscription.id));
    const push = message(alert, source, now);
    const attempts: Attempt[] = await Promise.all(
      todo.map(async (subscription) => ({
        subscription,
        ...(await sender.send(subscription, push)),
        answeredAt: clock(),
      })),
    );
    return { attempts, duplicates: all.length - todo.length };
  };

  const record = async (alert: Alert, attempts: Attempt[], duplicates: number) => {
    metrics.count('duplicate', duplicates);
    for (const attempt of attempts) {
      metrics.count(resultOf(alert, attempt));
      if (attempt.result === 'sent') {
        const dueMs = alert.dueAtDate.getTime() + alert.offsetMs;
        metrics.observeLateness((attempt.answeredAt.getTime() - dueMs) / 1000);
      }
    }
    await deliveries.record(
      attempts.map((attempt) =>
        deliveryRow(alert, {
          subscriptionId: attempt.subscription.id,
          sentAt: attempt.answeredAt,
          result: resultOf(alert, attempt),
          statusCode: attempt.statusCode ?? null,
        }),
      ),
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
    const source = await schedules.findStepAlert(alert.userId, alert.runId, alert.stepId);
    if (!stillWanted(source, alert.dueAtDate)) return sendsNothing(alert, 'cancelled');
    const now = clock();
    if (isExpired(alert.dueAtDate, now)) return sendsNothing(alert, 'expired');

    const { attempts, duplicates } = await sendToUser(alert, source, now);
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
