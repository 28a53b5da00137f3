// Pure helpers of the run screen: countdown text, step colours, progress and the timeline's schedule.
import {
  assignTemplateColours,
  isStepCompleted,
  ON_TIME_TOLERANCE_MINUTES,
  readDueAt,
  readText,
  UNNAMED_TEMPLATE_COLOUR,
  type StepColour,
} from '../../domain';
import type { TimelineStep } from '../../lib/cook-off-timeline';
import type { RunStep } from '../../store';
import { RUN_TEXT } from './messages';

const pad = (n: number) => String(n).padStart(2, '0');

/** A duration in whole seconds as 'M:SS', or 'H:MM:SS' from one hour on. */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * 'in 1:05:30' until the step is due (seconds rounded up, so it reads 'in 0:00' only at the due
 * instant), 'overdue 4:12' after (seconds rounded down). Overdue is strictly after the due time, as
 * isStepOverdue says.
 */
export function formatCountdown(dueMs: number, nowMs: number): string {
  const diff = dueMs - nowMs;
  return diff >= 0
    ? RUN_TEXT.countdownIn(formatDuration(Math.ceil(diff / 1000)))
    : RUN_TEXT.countdownOverdue(formatDuration(Math.floor(-diff / 1000)));
}

/**
 * The colour of each step by id: its template's colour from assignTemplateColours over the template
 * names in schedule order (pass the run's steps in that order); white for a step whose template has
 * no name.
 */
export function stepColours(steps: readonly RunStep[]): Map<string, StepColour> {
  const byName = assignTemplateColours(steps.map((step) => step.template_name));
  return new Map(
    steps.map((step) => [step.id, byName.get(readText(step.template_name) ?? '') ?? UNNAMED_TEMPLATE_COLOUR]),
  );
}

/** How many of the steps are completed. */
export function countCompleted(steps: readonly RunStep[]): number {
  return steps.filter((step) => isStepCompleted(step)).length;
}

/** The run's steps with a due time, as the cook-off timeline's schedule (same order, same colours). */
export function timelineSchedule(steps: readonly RunStep[]): TimelineStep[] {
  return steps.flatMap((step) => {
    const due = readDueAt(step);
    if (due === null) return [];
    return [
      {
        uid: step.id,
        template_id: step.template_id ?? '',
        template_step_id: step.template_step_id,
        template_name: step.template_name ?? '',
        name: step.name,
        description: step.description ?? '',
        scheduled_at: new Date(due).toISOString(),
      },
    ];
  });
}

/** The class of an early / late text: plain when on time, '--late' or '--early' otherwise. */
export function deltaClass(deltaMinutes: number): string {
  const base = 'pc-run-delta';
  if (Math.abs(deltaMinutes) <= ON_TIME_TOLERANCE_MINUTES) return base;
  return deltaMinutes > 0 ? `${base} ${base}--late` : `${base} ${base}--early`;
}
