// Planned against actual (beyond SPEC.md; asked for by competition teams): how early or late each
// completed step of a run was done, whether the run is over, the run's review per template, and the
// template step's new minutes before turn-in when the team wants to plan with the actual time next time.
// Pure: no clock, no storage.
import { isRecord, readText } from './readers';
import { isStepCompleted, isStepPending, readDueAt, stepsForView } from './step-state';
import { MINUTE_MS, parseInstant } from './time';

/** A step completed within this many minutes of its scheduled time reads 'on time'. */
export const ON_TIME_TOLERANCE_MINUTES = 1;
/** From this many minutes early or late on, the review offers to move the template step. */
export const TEMPLATE_ADJUST_THRESHOLD_MINUTES = 5;

export const SCHEDULE_DELTA_TEXT = {
  onTime: 'on time',
  late: (minutes: number) => `${minutes} min late`,
  early: (minutes: number) => `${minutes} min early`,
} as const;

/**
 * Completed minus scheduled in whole minutes: positive when late, negative when early. Rounded to the
 * nearest minute, halves away from zero, so that early and late are symmetric (never -0).
 */
export function scheduleDeltaMinutes(scheduledMs: number, completedMs: number): number {
  const minutes = (completedMs - scheduledMs) / MINUTE_MS;
  const whole = Math.round(Math.abs(minutes));
  return whole === 0 ? 0 : Math.sign(minutes) * whole;
}

/** 'on time' within ±1 minute, else '7 min late' or '3 min early' (whole minutes, see scheduleDeltaMinutes). */
export function formatScheduleDelta(deltaMinutes: number): string {
  const minutes = Math.round(deltaMinutes);
  if (Math.abs(minutes) <= ON_TIME_TOLERANCE_MINUTES) return SCHEDULE_DELTA_TEXT.onTime;
  return minutes > 0 ? SCHEDULE_DELTA_TEXT.late(minutes) : SCHEDULE_DELTA_TEXT.early(-minutes);
}

/** The planned (scheduled_at and the like) and actual (completed_at) instants of a step, when readable. */
export function plannedAndActual(step: unknown): { plannedMs: number | null; actualMs: number | null } {
  const plannedMs = readDueAt(step);
  const actualMs = isRecord(step) && isStepCompleted(step) ? parseInstant(step.completed_at) : null;
  return { plannedMs, actualMs };
}

/** How late (positive) or early (negative) a completed step was, in whole minutes; null when unknown. */
export function stepScheduleDelta(step: unknown): number | null {
  return deltaOf(plannedAndActual(step));
}

function deltaOf({ plannedMs, actualMs }: { plannedMs: number | null; actualMs: number | null }) {
  return plannedMs === null || actualMs === null ? null : scheduleDeltaMinutes(plannedMs, actualMs);
}

/** Over: every step completed, dismissed or out of the plan, and at least one completed. */
export function isRunOver(steps: readonly unknown[]): boolean {
  return steps.some((step) => isStepCompleted(step)) && !steps.some((step) => isStepPending(step));
}

/** Whether a difference is large enough to offer moving the template step (at least 5 minutes). */
export function suggestsTemplateAdjustment(deltaMinutes: number | null): deltaMinutes is number {
  return deltaMinutes !== null && Math.abs(deltaMinutes) >= TEMPLATE_ADJUST_THRESHOLD_MINUTES;
}

/**
 * The template step's minutes before turn-in that would have planned the step at its actual time: a
 * step done later gets fewer minutes before turn-in, one done earlier more.
 */
export function adjustedMinutesBefore(minutesBeforeTurnIn: number, deltaMinutes: number): number {
  return minutesBeforeTurnIn - deltaMinutes;
}

export type ReviewStep = { template_id: string | null; template_name: string | null };

export type RunReviewEntry<T> = {
  step: T;
  plannedMs: number | null;
  actualMs: number | null;
  /** Late positive, early negative, whole minutes; null when either time is unknown. */
  deltaMinutes: number | null;
};

export type RunReviewGroup<T> = {
  templateId: string | null;
  /** The template's name as the run names it (null: no name). */
  templateName: string | null;
  entries: RunReviewEntry<T>[];
};

/**
 * The review of a run: its completed steps in schedule order, grouped per template in the order the
 * templates first appear in the schedule (by template id, else by name). Templates with no completed
 * step are left out.
 */
export function reviewRun<T extends ReviewStep>(steps: readonly T[]): RunReviewGroup<T>[] {
  const groups = new Map<string, RunReviewGroup<T>>();
  for (const step of stepsForView(steps, 'all')) {
    if (!isStepCompleted(step)) continue;
    const templateName = readText(step.template_name);
    const key = step.template_id !== null ? `id:${step.template_id}` : `name:${templateName ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = { templateId: step.template_id, templateName, entries: [] };
      groups.set(key, group);
    }
    const times = plannedAndActual(step);
    group.entries.push({ step, ...times, deltaMinutes: deltaOf(times) });
  }
  return [...groups.values()];
}
