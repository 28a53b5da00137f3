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

export type AlertJobChanges = { remove: string[]; add: PlannedAlert[] };

/**
 * What replacing a run's stored steps means for its jobs: remove the jobs of every step (and due time)
 * that is no longer pending as it was (done, dismissed, re-timed or gone), add the plan of the new steps.
 * Adding a job whose id exists changes nothing, so an identical schedule removes and adds nothing new.
 */
export const alertJobChanges = (
  userId: number,
  runId: string,
  before: readonly PlannableStep[],
  after: readonly PlannableStep[],
  now: Date,
): AlertJobChanges => {
  const kept = new Set(allStageJobIds(userId, runId, after));
  return {
    remove: allStageJobIds(userId, runId, before).filter((id) => !kept.has(id)),
    add: planRunAlerts(userId, runId, after, now),
  };
};
