import type { Logger } from '@pitclock/kit';

/** Runs the check at once and then every intervalMs; a failure (Redis or PostgreSQL down) is logged and retried. */
export const scheduleQueuePlanChecks = (
  check: () => Promise<unknown>,
  { intervalMs, logger }: { intervalMs: number; logger: Logger },
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = check()
      .catch((err: unknown) => logger.warn({ err }, 'queue plan check failed; trying again later'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return {
    /** No further check; resolves when a running one has ended. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
