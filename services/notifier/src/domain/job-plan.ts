import { createHash } from 'node:crypto';
import {
  PUSH_DUE_NOW_OFFSET_MS,
  PUSH_OVERDUE_REMINDER_OFFSETS_MS,
  PUSH_OVERDUE_WINDOW_MS,
  type PushStage,
} from '@pitclock/contracts/push';

/** The alerts of one step: index 0 is due-now at the due time, 1..4 the overdue reminders. */
export const ALERT_STAGES: readonly { index: number; stage: PushStage; offsetMs: number }[] = [
  { index: 0, stage: 'due-now', offsetMs: PUSH_DUE_NOW_OFFSET_MS },
  ...PUSH_OVERDUE_REMINDER_OFFSETS_MS.map((offsetMs, i) => ({
    index: i + 1,
    stage: 'overdue' as const,
    offsetMs,
  })),
];

export type PlannableStep = { id: string; scheduledAt: Date; done: boolean; dismissed: boolean };

export type StepAlertKey = {
  userId: number;
  runId: string;
  stepId: string;
  stageIndex: number;
  dueAtMs: number;
};

/** One delayed job: the stage of a step of a user's run, to be sent after delayMs. */
export type PlannedAlert = {
  jobId: string;
  userId: number;
  runId: string;
  stepId: string;
  stageIndex: number;
  stage: PushStage;
  /** The step's due time (ISO): the worker sends only while the stored step still has it. */
  dueAt: string;
  delayMs: number;
};

/**
 * Delayed jobs fire on a 20 ms grid. Bull 4 moves due delayed jobs to the wait list one due time at a
 * time, and every worker re-runs that script (and publishes the next due time to the others) for each
 * distinct due time: 1,000 steps due 1 ms apart cost ~15 scripts per push. On the grid one run moves
 * every job of its 20 ms, at the price of at most 20 ms of lateness.
 */
export const DELAY_GRID_MS = 20;

/** The delay from nowMs to the first grid time at or after nowMs + delayMs; an alert due now goes at once. */
export const delayOnGrid = (nowMs: number, delayMs: number, gridMs = DELAY_GRID_MS): number =>
  delayMs <= 0 ? 0 : Math.ceil((nowMs + delayMs) / gridMs) * gridMs - nowMs;

const digest = (parts: readonly unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

/**
 * The Bull job id of one alert: a hash of user, run, step, stage and due time, so that the same schedule
 * gives the same ids (Bull ignores an add whose id exists) and a new due time gives new ones. Hashed
 * because client ids may contain ':' and would otherwise be ambiguous when joined.
 */
export const stepAlertJobId = ({ userId, runId, stepId, stageIndex, dueAtMs }: StepAlertKey): string =>
  `step-alert:${digest([userId, runId, stepId, stageIndex, dueAtMs])}`;

/**
 * The Web Push Topic of a step's stage: at most 32 characters of the URL-safe base64 alphabet. A push
 * service keeps only the newest undelivered message of a topic, so a repeat replaces instead of adding.
 */
export const alertTopic = ({
  userId,
  runId,
  stepId,
  stage,
}: {
  userId: number;
  runId: string;
  stepId: string;
  stage: PushStage;
}): string => digest([userId, runId, stepId, stage]).slice(0, 32);

export const isPending = (step: Pick<PlannableStep, 'done' | 'dismissed'>): boolean =>
  !step.done && !step.dismissed;

/** True once the overdue window of a step due at dueAtMs is over: nothing of it is sent any more. */
export const isPastWindow = (dueAtMs: number, nowMs: number): boolean =>
  nowMs >= dueAtMs + PUSH_OVERDUE_WINDOW_MS;

/**
 * Steps due after this instant may still have alerts at `now` (isPastWindow is false for them): the
 * schedule store counts a user's runs with alerts ahead from it.
 */
export const alertsAheadAfter = (now: Date): Date => new Date(now.getTime() - PUSH_OVERDUE_WINDOW_MS);

/** True when a step of the run still has an alert to come at `now`, so the run holds jobs in Redis. */
export const hasAlertsAhead = (steps: readonly PlannableStep[], now: Date): boolean =>
  steps.some((step) => isPending(step) && !isPastWindow(step.scheduledAt.getTime(), now.getTime()));

const stageAlert = (
  userId: number,
  runId: string,
  step: PlannableStep,
  stage: (typeof ALERT_STAGES)[number],
  delayMs: number,
): PlannedAlert => {
  const dueAtMs = step.scheduledAt.getTime();
  return {
    jobId: stepAlertJobId({ userId, runId, stepId: step.id, stageIndex: stage.index, dueAtMs }),
    userId,
    runId,
    stepId: step.id,
    stageIndex: stage.index,
    stage: stage.stage,
    dueAt: step.scheduledAt.toISOString(),
    delayMs,
  };
};

/**
 * The alerts of one step at `now`: each stage still ahead at its time; of the stages already missed only
 * the latest, at once (a due-now in the past but within the window is sent at once; three missed stages
 * would otherwise arrive together); nothing for a step done, dismissed or past its overdue window.
 */
export const planStepAlerts = (
  userId: number,
  runId: string,
  step: PlannableStep,
  now: Date,
): PlannedAlert[] => {
  const dueAtMs = step.scheduledAt.getTime();
  const nowMs = now.getTime();
  if (!isPending(step) || isPastWindow(dueAtMs, nowMs)) return [];
  const ahead = ALERT_STAGES.filter((stage) => dueAtMs + stage.offsetMs >= nowMs);
  const latestMissed = ALERT_STAGES.filter((stage) => dueAtMs + stage.offsetMs < nowMs).at(-1);
  return [
    ...(latestMissed ? [stageAlert(userId, runId, step, latestMissed, 0)] : []),
    ...ahead.map((stage) => stageAlert(userId, runId, step, stage, dueAtMs + stage.offsetMs - nowMs)),
  ];
};

/** The alerts of every step of a run at `now`. */
export const planRunAlerts = (
  userId: number,
  runId: string,
  steps: readonly PlannableStep[],
  now: Date,
): PlannedAlert[] => steps.flatMap((step) => planStepAlerts(userId, runId, step, now));

/** Every job id a pending step can have (all its stages at its due time), whatever the time now. */
export const allStageJobIds = (userId: number, runId: string, steps: readonly PlannableStep[]): string[] =>
  steps.filter(isPending).flatMap((step) =>
    ALERT_STAGES.map((stage) =>
      stepAlertJobId({
        userId,
        runId,
        stepId: step.id,
        stageIndex: stage.index,
        dueAtMs: step.scheduledAt.getTime(),
      }),
    ),
  );

export type AlertJobChanges = {
  remove: string[];
  add: PlannedAlert[];
  /** How many alerts the new steps call for now (those added and those already queued). */
  planned: number;
};

/**
 * What replacing a run's stored steps means for its jobs: remove the jobs of every step (and due time)
 * that is no longer pending as it was (done, dismissed, re-timed or gone), and add the plan of the new
 * steps. When `beforeIsPlanned` (every job of `before` was added; see run-plan-marks), the jobs `before`
 * already had are left out of `add`: a done step's PUT then adds nothing instead of the whole run's plan
 * again. Otherwise all of it is added (Bull ignores ids that exist): a PUT sent again after a failed job
 * change must add what the first one could not.
 */
export const alertJobChanges = (
  userId: number,
  runId: string,
  before: readonly PlannableStep[],
  after: readonly PlannableStep[],
  now: Date,
  { beforeIsPlanned = false }: { beforeIsPlanned?: boolean } = {},
): AlertJobChanges => {
  const kept = new Set(allStageJobIds(userId, runId, after));
  const queued = new Set(beforeIsPlanned ? allStageJobIds(userId, runId, before) : []);
  const plan = planRunAlerts(userId, runId, after, now);
  return {
    remove: allStageJobIds(userId, runId, before).filter((id) => !kept.has(id)),
    add: plan.filter((alert) => !queued.has(alert.jobId)),
    planned: plan.length,
  };
};

/**
 * A fingerprint of the jobs a run's steps call for (their pending steps and due times): two step lists
 * with the same fingerprint have the same jobs.
 */
export const planFingerprint = (userId: number, runId: string, steps: readonly PlannableStep[]): string =>
  digest(allStageJobIds(userId, runId, steps).sort());
