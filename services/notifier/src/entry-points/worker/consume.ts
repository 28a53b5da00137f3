import type { Logger } from '@pitclock/kit';
import type { Job, Queue } from 'bull';

export type Consumer = {
  /** Stop taking jobs, wait for the running ones to finish, close the queue's connections. Idempotent. */
  stop: () => Promise<void>;
};

/** Consumes every job name of the queue with the processor, `concurrency` at a time. */
export const consume = <T>(
  queue: Queue<T>,
  processor: (job: Job<T>) => Promise<unknown>,
  { concurrency, logger }: { concurrency: number; logger: Logger },
): Consumer => {
  queue.on('failed', (job, err) => {
    const context = { err, jobId: job.id, name: job.name, attempts: job.attemptsMade };
    // Bull emits 'failed' for every failed attempt; only the last one leaves the job failed.
    if (job.attemptsMade < (job.opts.attempts ?? 1))
      logger.warn(context, 'job attempt failed; it will be retried');
    else logger.error(context, 'job failed');
  });
  queue
    .process('*', concurrency, processor)
    .catch((err: unknown) => logger.error({ err }, 'queue processing stopped'));
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        logger.info('closing the queue after the running jobs finish');
        await queue.close();
        logger.info('queue closed');
      })()),
  };
};
