// Pure helpers of the run screen: countdown text, step colours, progress and the timeline's schedule.
import {
  assignTemplateColours,
  countdownParts,
  formatDayLabel,
  isStepCompleted,
  ON_TIME_TOLERANCE_MINUTES,
  readDueAt,
  readText,
  UNNAMED_TEMPLATE_COLOUR,
  ymdInZone,
  type StepColour,
} from '../../domain';
import type { TimelineStep } from '../../lib/cook-off-timeline';
import type { RunStep } from '../../store';
import { RUN_TEXT } from './messages';

/**
 * 'in 1:05:30' until the step is due (seconds rounded up, so it reads 'in 0:00' only at the due
 * instant), 'overdue 4:12' after (seconds rounded down); from 24 h away on, days and hours ('in 3 d 3 h',
 * 'overdue 1 d 2 h'). Overdue is strictly after the due time, as isStepOverdue says.
 */
export function formatCountdown(dueMs: number, nowMs: number): string {
  const { overdue, text } = countdownParts(dueMs, nowMs);
  return overdue ? RUN_TEXT.countdownOverdue(text) : RUN_TEXT.countdownIn(text);
}

/** The steps of one day: its 'YYYY-MM-DD' in the zone ('none' for steps without a due time) and label. */
export type StepDayGroup<T> = { key: string; label: string; steps: T[] };

/**
 * The steps (in schedule order) grouped by the day they are due in the zone, one group per day in order
 * of appearance, labelled in the locale ('Sat, Nov 28' en-US, 'Sat 28 Nov' en-GB); steps without a due
 * time form a last 'No time' group.
 */
export function stepDayGroups<T>(steps: readonly T[], timeZone: string, locale: string): StepDayGroup<T>[] {
  const groups = new Map<string, StepDayGroup<T>>();
  let undated: StepDayGroup<T> | null = null;
  for (const step of steps) {
    const due = readDueAt(step);
    if (due === null) {
      undated ??= { key: 'none', label: RUN_TEXT.noDueTime, steps: [] };
      undated.steps.push(step);
      continue;
    }
    const key = ymdInZone(due, timeZone);
    let group = groups.get(key);
    if (!group) {
      group = { key, label: formatDayLabel(due, timeZone, locale), steps: [] };
      groups.set(key, group);
    }
    group.steps.push(step);
  }
  return undated ? [...groups.values(), undated] : [...groups.values()];
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
