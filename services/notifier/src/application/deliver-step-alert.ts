import type { Logger } from '@pitclock/kit';
import {
  RetryLaterError,
  type AlertAttemptRow,
  type AlertSubscription,
  type PushMessage,
  type StepAlertJobData,
  type StepAlertKey,
  type StepAlertStore,
  type StoredStepAlert,
} from '../data-access';
import { isExpired, ttlSeconds } from '../domain/delivery';
import type { DismissTokens } from '../domain/dismiss-token';
import { ALERT_STAGES, alertTopic, isPending } from '../domain/job-plan';
import { DISMISS_TOKEN_LIFETIME_AFTER_DUE_MS, stepAlertPayload } from '../domain/payload';
import type { PushDeliverer, SendResult } from './push-sender';

/** What the worker counts of step alerts (entry-points/metrics.ts registers them). */
export type DeliveryMetrics = {
  count: (result: DeliveryMetricResult, by?: number) => void;
  /** Seconds from when an alert was due (the step's time plus the stage's offset) to its acceptance. */
  observeLateness: (seconds: number) => void;
};
export const deliveryMetricResults = [
  'sent',
  'gone',
  'failed',
  'retry',
  'expired',
  'cancelled',
  'duplicate',
] as const;
export type DeliveryMetricResult = (typeof deliveryMetricResults)[number];

export type StepAlertDeps = {
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

/** One attempt of a step-alert job, as the worker took it from the queue. */
export type StepAlertAttempt = {
  data: StepAlertJobData;
  jobId: string;
  /** 1 for the first attempt. */
  attemptNumber: number;
  /** The job's attempts in all (PUSH_JOB_ATTEMPTS). */
  attempts: number;
};

const alertOf = ({ data, jobId, attemptNumber, attempts }: StepAlertAttempt): Alert => {
  const offsetMs = ALERT_STAGES[data.stageIndex]?.offsetMs;
  if (offsetMs === undefined) throw new Error(`unknown alert stage ${data.stageIndex}`);
  const { userId, runId, stepId, stage, stageIndex } = data;
  const dueAtDate = new Date(data.dueAt);
  return {
    ...data,
    dueAtDate,
    offsetMs,
    jobId,
    final: attemptNumber >= attempts,
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
 * Sends one step alert (a job of the queue): re-reads the stored schedule (the source of truth), then sends
 * the alert to every subscription of the user that has not accepted it yet, records each attempt, and
 * fails the attempt (the job is retried with backoff) when a push service asked to try later.
 */
export const deliverStepAlert = async (
  deps: StepAlertDeps,
  attempt: StepAlertAttempt,
): Promise<StepAlertJobResult> => {
  const alert = alertOf(attempt);
  const loaded = await deps.store.load(alert.key);
  if (!loaded || !stillWanted(loaded.step, alert.dueAtDate)) return sendsNothing(deps, alert, 'cancelled');
  const now = deps.clock();
  if (isExpired(alert.dueAtDate, now)) return sendsNothing(deps, alert, 'expired');

  const attempts = await sendToUser(deps, alert, loaded.step, loaded.todo, now);
  const duplicates = loaded.accepted;
  await record(deps, alert, attempts, duplicates);
  failIfAnyRetry(alert, attempts, attempt.attemptNumber);
  const tally = (result: SendResult['result']) =>
    attempts.filter((sent) => resultOf(alert, sent) === result).length;
  return {
    type: 'step-alert',
    outcome: 'delivered',
    sent: tally('sent'),
    duplicate: duplicates,
    gone: tally('gone'),
    failed: tally('failed'),
  };
};

const message = (
  { dismissTokens }: StepAlertDeps,
  alert: Alert,
  source: StoredStepAlert,
  now: Date,
): PushMessage => {
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
    locale: source.locale,
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
  { store, metrics, logger, clock }: StepAlertDeps,
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
const sendToUser = async (
  deps: StepAlertDeps,
  alert: Alert,
  source: StoredStepAlert,
  todo: AlertSubscription[],
  now: Date,
) => {
  const push = message(deps, alert, source, now);
  return Promise.all(
    todo.map(async (subscription): Promise<Attempt> => ({
      subscription,
      ...(await deps.sender.send(subscription, push)),
      answeredAt: deps.clock(),
    })),
  );
};

/** Metrics first, then the rows and the subscriptions' state in one statement. */
const record = async (
  { store, metrics }: StepAlertDeps,
  alert: Alert,
  attempts: Attempt[],
  duplicates: number,
) => {
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

/** Fails the attempt when a push service said "later": retried with push-retry backoff, unless it was the last. */
const failIfAnyRetry = (alert: Alert, attempts: Attempt[], attemptNumber: number) => {
  const retries = attempts.filter((attempt) => attempt.result === 'retry');
  if (retries.length === 0) return;
  const text = `${retries.length} of ${attempts.length} pushes not accepted (attempt ${attemptNumber})`;
  if (alert.final) throw new Error(`${text}: no attempts left`);
  throw new RetryLaterError(text, Math.max(0, ...retries.map((attempt) => attempt.retryAfterMs ?? 0)));
};
