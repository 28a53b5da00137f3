import { PUSH_OVERDUE_WINDOW_MS } from '@pitclock/contracts/push';
import type { Logger } from '@pitclock/kit';
import type { QueuePlanMarker, SchedulesRepository, StepAlertJobs } from '../data-access';
import { planRunAlerts } from '../domain/job-plan';

export type QueuePlanDeps = {
  marker: QueuePlanMarker;
  schedules: Pick<SchedulesRepository, 'pendingRuns'>;
  jobs: Pick<StepAlertJobs, 'add'>;
  clock: () => Date;
  logger: Logger;
  /** Runs planned per addBulk. */
  chunkSize?: number;
  /** A claim outlives a process that died while planning by this much. */
  claimTtlMs?: number;
};

export type QueuePlanOutcome =
  { outcome: 'current' } | { outcome: 'busy' } | { outcome: 'planned'; runs: number; jobs: number };

/**
 * Plans the queue again from the stored schedules when the Redis server running now is not the one it
 * was planned on (restarted, replaced or wiped: delayed jobs may be gone). Every pending step of every
 * stored run gets its plan as at a PUT now: stages still ahead at their time, the latest missed one at
 * once. Job ids are deterministic, so jobs that survived are kept as they are, and a subscription that
 * already accepted an alert is not sent it again (its delivery row).
 */
export const replanQueue = async ({
  marker,
  schedules,
  jobs,
  clock,
  logger,
  chunkSize = 200,
  claimTtlMs = 5 * 60_000,
}: QueuePlanDeps): Promise<QueuePlanOutcome> => {
  const serverRunId = await marker.serverRunId();
  if ((await marker.plannedOn()) === serverRunId) return { outcome: 'current' };
  if (!(await marker.claim(serverRunId, claimTtlMs))) return { outcome: 'busy' };
  const notBefore = new Date(clock().getTime() - PUSH_OVERDUE_WINDOW_MS);
  const runs = await schedules.pendingRuns(notBefore);
  let planned = 0;
  for (let i = 0; i < runs.length; i += chunkSize) {
    const now = clock(); // delays from the moment each chunk is added
    const alerts = runs
      .slice(i, i + chunkSize)
      .flatMap((run) => planRunAlerts(run.userId, run.runId, run.steps, now));
    await jobs.add(alerts);
    planned += alerts.length;
  }
  await marker.markPlanned(serverRunId);
  logger.info({ serverRunId, runs: runs.length, jobs: planned }, 'queue planned from the stored schedules');
  return { outcome: 'planned', runs: runs.length, jobs: planned };
};
