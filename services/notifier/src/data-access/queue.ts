import type { Logger } from '@pitclock/kit';
import Bull, { type JobOptions, type Queue } from 'bull';

export const notificationsQueueName = 'notifications';

/** The job types of the notifications queue and their data. */
export type HeartbeatJobData = { requestedAt: string };
export type NotificationJobData = HeartbeatJobData;
export type NotificationsQueue = Queue<NotificationJobData>;

/** Bull's key prefix under the service's Redis prefix: 'pitclock:' gives keys 'pitclock:bull:notifications:*'. */
export const bullPrefix = (keyPrefix: string) => `${keyPrefix}bull`;

/**
 * The Bull queue on REDIS_URL. Bull opens its own connections (it must not use an ioredis keyPrefix),
 * so the service prefix goes into Bull's `prefix`.
 */
export const createNotificationsQueue = (
  redisUrl: string,
  { keyPrefix, logger }: { keyPrefix: string; logger?: Logger },
): NotificationsQueue => {
  const queue: NotificationsQueue = new Bull(notificationsQueueName, redisUrl, {
    prefix: bullPrefix(keyPrefix),
  });
  // Without a listener an 'error' event (Redis down) would crash the process.
  queue.on('error', (err) => logger?.warn({ err }, 'notifications queue error'));
  return queue;
};

const defaults: JobOptions = {
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
};

export const enqueueHeartbeat = (
  queue: NotificationsQueue,
  data: HeartbeatJobData,
  options: JobOptions = {},
) => queue.add('heartbeat', data, { ...defaults, ...options });
