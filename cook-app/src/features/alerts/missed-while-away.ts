// "Missed while away" (beyond SPEC.md, asked for by competition teams): the steps whose alerts fired while
// the app was closed or hidden, kept until the team acknowledges them. Pure except the read/write helpers
// (storage); the clock is a parameter.
import {
  DAY_MS,
  DUE_NOW_WINDOW_MS,
  isStepPending,
  MINUTE_MS,
  readDueAt,
  type AlertStage,
} from '../../domain';
import type { AlertStep, StepAlert } from './alert-engine';

/** localStorage key of the last instant (epoch ms, as text) a check ran while the document was visible. */
export const ALERT_LAST_SEEN_KEY = 'pitclock_alert_last_seen';
/** localStorage key of the missed list: JSON [{stepId, dueMs, stage}]. */
export const ALERT_MISSED_KEY = 'pitclock_alert_missed';
/**
 * A visible check this long after the last one means the app did not run in between (device asleep with
 * the tab left visible): the gap counts as away. A visible tab's 5 s timer is never that late otherwise.
 */
export const AWAY_GAP_MS = 60_000;

/** One missed step: its id, the due time it was missed at and the stage it had then. */
export type Missed = { stepId: string; dueMs: number; stage: AlertStage };

/** A missed step as the panel shows it. */
export type MissedView = Missed & {
  stepName: string;
  templateName: string | null;
  runId: string;
  contestId: string;
  /** Whole minutes from the due time to now (0 within the first minute). */
  overdueMinutes: number;
  /** Now, to the minute (rounded down), when the row was described: whether its due time is today. */
  describedAtMs: number;
};

/** A run's steps leave the missed list once its last turn-in is more than this long past. */
export const MISSED_RUN_EXPIRY_MS = DAY_MS;

/**
 * The steps the missed list may hold, from the steps of the active runs (the caller passes only those of
 * runs with status 'active': a finished run's steps are never passed): those of a run whose last turn-in,
 * the latest due time among all its steps, is at most a day (MISSED_RUN_EXPIRY_MS) before now. A run
 * whose steps have no due time is kept. Every step stays in its run's All view.
 */
export function stepsOfCurrentRuns<S extends Pick<AlertStep, 'run_id'>>(
  steps: readonly S[],
  nowMs: number,
): S[] {
  const lastTurnIn = new Map<string, number>();
  for (const step of steps) {
    const due = readDueAt(step);
    if (due !== null) lastTurnIn.set(step.run_id, Math.max(due, lastTurnIn.get(step.run_id) ?? due));
  }
  return steps.filter((step) => {
    const last = lastTurnIn.get(step.run_id);
    return last === undefined || nowMs - last <= MISSED_RUN_EXPIRY_MS;
  });
}

const byDue = (a: Missed, b: Missed) => a.dueMs - b.dueMs || (a.stepId < b.stepId ? -1 : 1);

/**
 * The steps due while the app was away: every step passed in (the steps of the active runs, see
 * stepsOfCurrentRuns), still pending (isStepPending: not completed, dismissed or off the plan), whose due
 * time is after `lastSeenMs` and not after `nowMs`; ordered by due time. Nothing when `lastSeenMs` is
 * null (first start ever: nothing was seen before).
 * The stage is the one the step has reached now: 'due-now' within 5 s of its time, else 'overdue'.
 */
export function missedSince({
  steps,
  lastSeenMs,
  nowMs,
}: {
  steps: readonly AlertStep[];
  lastSeenMs: number | null;
  nowMs: number;
}): Missed[] {
  if (lastSeenMs === null || !Number.isFinite(lastSeenMs) || !Number.isFinite(nowMs)) return [];
  const missed: Missed[] = [];
  for (const step of steps) {
    const dueMs = readDueAt(step);
    if (dueMs === null || dueMs <= lastSeenMs || dueMs > nowMs || !isStepPending(step)) continue;
    missed.push({
      stepId: step.id,
      dueMs,
      stage: nowMs - dueMs <= DUE_NOW_WINDOW_MS ? 'due-now' : 'overdue',
    });
  }
  return missed.sort(byDue);
}

/** The alerts delivered while hidden, as missed entries. */
export function missedFromAlerts(alerts: readonly StepAlert[]): Missed[] {
  return alerts.map(({ stepId, dueMs, stage }) => ({ stepId, dueMs, stage }));
}

/** `list` with `added` merged in, one entry per step (an added entry replaces the older one), by due time. */
export function addMissed(list: readonly Missed[], added: readonly Missed[]): Missed[] {
  if (added.length === 0) return [...list];
  const byStep = new Map(list.map((entry) => [entry.stepId, entry]));
  for (const entry of added) byStep.set(entry.stepId, entry);
  return [...byStep.values()].sort(byDue);
}

/**
 * The entries that still need attention: their step is still one of `steps` (a current run's), still
 * pending (isStepPending), and still due at the time it was missed at (a snoozed or rescheduled step
 * leaves the list: it alerts again at its new time).
 */
export function pruneMissed(list: readonly Missed[], steps: readonly AlertStep[]): Missed[] {
  const stepsById = new Map(steps.map((step) => [step.id, step]));
  return list.filter((entry) => {
    const step = stepsById.get(entry.stepId);
    return !!step && isStepPending(step) && readDueAt(step) === entry.dueMs;
  });
}

/** The panel's rows: each entry with its step's name, template, run and cook-off (entries without a step dropped). */
export function describeMissed(
  list: readonly Missed[],
  steps: readonly AlertStep[],
  nowMs: number,
): MissedView[] {
  const stepsById = new Map(steps.map((step) => [step.id, step]));
  const views: MissedView[] = [];
  for (const entry of list) {
    const step = stepsById.get(entry.stepId);
    if (!step) continue;
    views.push({
      ...entry,
      stepName: step.name,
      templateName: step.template_name,
      runId: step.run_id,
      contestId: step.contest_id,
      overdueMinutes: Math.max(0, Math.floor((nowMs - entry.dueMs) / MINUTE_MS)),
      describedAtMs: Math.floor(nowMs / MINUTE_MS) * MINUTE_MS,
    });
  }
  return views;
}

/** Whether two lists hold the same entries in the same order (to skip needless writes and renders). */
export function sameMissed<T extends Missed>(
  a: readonly T[],
  b: readonly T[],
  same?: (x: T, y: T) => boolean,
) {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i];
      return (
        !!y &&
        x.stepId === y.stepId &&
        x.dueMs === y.dueMs &&
        x.stage === y.stage &&
        (same ? same(x, y) : true)
      );
    })
  );
}

/** Whether two panel row lists show the same. */
export function sameMissedViews(a: readonly MissedView[], b: readonly MissedView[]): boolean {
  return sameMissed(
    a,
    b,
    (x, y) =>
      x.stepName === y.stepName &&
      x.templateName === y.templateName &&
      x.runId === y.runId &&
      x.contestId === y.contestId &&
      x.overdueMinutes === y.overdueMinutes &&
      x.describedAtMs === y.describedAtMs,
  );
}

function isMissed(value: unknown): value is Missed {
  if (typeof value !== 'object' || value === null) return false;
  const { stepId, dueMs, stage } = value as Record<string, unknown>;
  return (
    typeof stepId === 'string' &&
    stepId !== '' &&
    typeof dueMs === 'number' &&
    Number.isFinite(dueMs) &&
    (stage === 'due-now' || stage === 'overdue')
  );
}

/** The stored missed list (unreadable JSON or entries are ignored); null when the storage cannot be read. */
export function readMissed(storage: Storage): Missed[] | null {
  let text: string | null;
  try {
    text = storage.getItem(ALERT_MISSED_KEY);
  } catch {
    return null;
  }
  if (text === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return addMissed(
    [],
    parsed.filter(isMissed).map(({ stepId, dueMs, stage }) => ({ stepId, dueMs, stage })),
  );
}

/** Stores the list (an empty list removes the key); false when storage is full or blocked. */
export function writeMissed(storage: Storage, list: readonly Missed[]): boolean {
  try {
    if (list.length === 0) storage.removeItem(ALERT_MISSED_KEY);
    else storage.setItem(ALERT_MISSED_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/** The stored last-seen instant; null when missing, unreadable or not a finite number. */
export function readLastSeen(storage: Storage): number | null {
  try {
    const text = storage.getItem(ALERT_LAST_SEEN_KEY);
    if (text === null || text.trim() === '') return null;
    const ms = Number(text);
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/** Stores the last-seen instant; false when storage is full or blocked. */
export function writeLastSeen(storage: Storage, nowMs: number): boolean {
  try {
    storage.setItem(ALERT_LAST_SEEN_KEY, String(nowMs));
    return true;
  } catch {
    return false;
  }
}
