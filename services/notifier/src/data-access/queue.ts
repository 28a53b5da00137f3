import { redisReconnectDelay, type Logger } from '@pitclock/kit';
import Bull, { type JobOptions, type Queue } from 'bull';
import type { Redis } from 'ioredis';
import { retryDelayMs } from '../domain/delivery';
import { delayOnGrid, type PlannedAlert } from '../domain/job-plan';
import {
  stepAlertJobName,
  type HeartbeatJobData,
  type NotificationJobData,
  type StepAlertJobData,
} from '../domain/notification-jobs';

export { stepAlertJobName, type HeartbeatJobData, type NotificationJobData, type StepAlertJobData };

export const notificationsQueueName = 'notifications';
/** The custom backoff of step-alert jobs (Bull 4 settings.backoffStrategies): it reads the error. */
export const pushRetryBackoff = 'push-retry';

export type NotificationsQueue = Queue<NotificationJobData>;

/** Thrown by a step-alert job that should be tried again; retryAfterMs is the push service's Retry-After. */
export class RetryLaterError extends Error {
  readonly retryAfterMs: number | undefined;

  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'RetryLaterError';
    this.retryAfterMs = retryAfterMs;
  }
}

/** What a processing queue needs (the API process only adds jobs and may leave them out). */
export type ProcessingSettings = {
  lockDurationMs: number;
  stalledIntervalMs: number;
  maxStalledCount: number;
  retryBaseDelayMs: number;
};

/** Bull's key prefix under the service's Redis prefix: 'pitclock:' gives keys 'pitclock:bull:notifications:*'. */
export const bullPrefix = (keyPrefix: string) => `${keyPrefix}bull`;

const advancedSettings = (settings: ProcessingSettings): Bull.AdvancedSettings => ({
  lockDuration: settings.lockDurationMs,
  stalledInterval: settings.stalledIntervalMs,
  maxStalledCount: settings.maxStalledCount,
  backoffStrategies: {
    [pushRetryBackoff]: (attemptsMade: number, err: Error) =>
      retryDelayMs({
        attemptsMade,
        baseMs: settings.retryBaseDelayMs,
        retryAfterMs: err instanceof RetryLaterError ? err.retryAfterMs : undefined,
      }),
  },
});

/**
 * The Bull queue on REDIS_URL. Bull opens its own connections (it must not use an ioredis keyPrefix),
 * so the service prefix goes into Bull's `prefix`. They reconnect as the kit's do (a delay doubling from
 * 50 ms to at most 2 s): Bull's own default grows as e^n up to 20 s, so after a Redis restart a worker
 * could wait that long before it delivered again.
 */
export const createNotificationsQueue = (
  redisUrl: string,
  { keyPrefix, logger, processing }: { keyPrefix: string; logger?: Logger; processing?: ProcessingSettings },
): NotificationsQueue => {
  const queue: NotificationsQueue = new Bull(notificationsQueueName, redisUrl, {
    prefix: bullPrefix(keyPrefix),
    redis: { retryStrategy: redisReconnectDelay },
    ...(processing ? { settings: advancedSettings(processing) } : {}),
  });
  // Without a listener an 'error' event (Redis down) would crash the process.
  queue.on('error', (err) => logger?.warn({ err }, 'notifications queue error'));
  return queue;
};

const heartbeatDefaults: JobOptions = {
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
};

export const enqueueHeartbeat = (
  queue: NotificationsQueue,
  data: HeartbeatJobData,
  options: JobOptions = {},
) => queue.add('heartbeat', data, { ...heartbeatDefaults, ...options });

/**
 * Completed step alerts stay an hour: longer than the overdue window, so that the same schedule sent again
 * finds their ids and adds nothing. Failed ones stay a week, to be looked at (and counted by the gauge).
 */
const KEEP_COMPLETED_SECONDS = 60 * 60;
const KEEP_FAILED_SECONDS = 7 * 24 * 60 * 60;

export type StepAlertJobs = {
  /** Adds the planned jobs; a job whose id exists (waiting, delayed, active, completed or failed) is kept as it is. */
  add: (alerts: readonly PlannedAlert[]) => Promise<void>;
  /** Removes the delayed jobs among these; others (waiting, active, done) are left to the worker's re-check. */
  removeWaiting: (jobIds: readonly string[]) => Promise<number>;
};

const toJobData = (alert: PlannedAlert): StepAlertJobData => ({
  userId: alert.userId,
  runId: alert.runId,
  stepId: alert.stepId,
  stageIndex: alert.stageIndex,
  stage: alert.stage,
  dueAt: alert.dueAt,
});

/**
 * Removes a job only while it is delayed (its future stage), in one step: out of the delayed set, then its
 * hash and logs. A delayed job is in no list, so this is all Bull's remove would do for it, without the
 * LREM over the wait and active lists that Bull's removeJob runs (O(length of the wait list): with tens of
 * thousands waiting, 0.2 ms of Redis each). A job already promoted (waiting, active, done) is left: the
 * worker re-reads the stored schedule and sends nothing for a step that changed.
 */
const removeDelayedScript = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  redis.call('DEL', KEYS[2], KEYS[2] .. ':logs')
  return 1
end
return 0`;

export const createStepAlertJobs = (
  queue: NotificationsQueue,
  { attempts, logger, clock = () => new Date() }: { attempts: number; logger?: Logger; clock?: () => Date },
): StepAlertJobs => ({
  add: async (alerts) => {
    if (alerts.length === 0) return;
    // One timestamp for the batch: Bull's due time is timestamp + delay, so each lands on the grid.
    const nowMs = clock().getTime();
    await queue.addBulk(
      alerts.map((alert) => ({
        name: stepAlertJobName,
        data: toJobData(alert),
        opts: {
          jobId: alert.jobId,
          timestamp: nowMs,
          delay: delayOnGrid(nowMs, alert.delayMs),
          attempts,
          backoff: { type: pushRetryBackoff },
          removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
          removeOnFail: { age: KEEP_FAILED_SECONDS },
        },
      })),
    );
  },
  removeWaiting: async (jobIds) => {
    if (jobIds.length === 0) return 0;
    const pipeline = queue.client.pipeline();
    for (const jobId of jobIds) {
      pipeline.eval(removeDelayedScript, 2, queue.toKey('delayed'), queue.toKey(jobId), jobId);
    }
    const answers = (await pipeline.exec()) ?? [];
    const failed = answers.find(([err]) => err);
    if (failed) logger?.warn({ err: failed[0] }, 'a delayed job could not be removed');
    return answers.filter(([, removed]) => removed === 1).length;
  },
});

/** Redis's maxmemory-policy, or undefined when CONFIG is not allowed (managed Redis often disables it). */
export const readEvictionPolicy = async (client: Redis): Promise<string | undefined> => {
  try {
    const answer = (await client.config('GET', 'maxmemory-policy')) as unknown;
    return Array.isArray(answer) && typeof answer[1] === 'string' ? answer[1] : undefined;
  } catch {
    return undefined;
  }
};
