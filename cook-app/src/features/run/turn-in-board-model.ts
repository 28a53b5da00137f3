// The rows of the turn-in board (issue 21). Pure: the clock, the zone and the body are parameters.
import { isStepCompleted, isStepOffPlan, parseInstant, readDueAt } from '../../domain';
import {
  isTurnInAlerting,
  turnInWindow,
  turnInWindowPhase,
  type TurnInWindow,
  type TurnInWindowPhase,
} from '../../domain/turn-in-window';
import type { TimelineTurnIn } from '../../lib/cook-off-timeline';
import type { RunStep } from '../../store';

export type TurnInRow = {
  templateId: string;
  /** The template's name as the run shows it. */
  name: string;
  /** The category the template cooks (absent when it has none). */
  category: string | null;
  window: TurnInWindow;
  phase: TurnInWindowPhase;
  /** The step whose completion means the entry went in (null: the run has none of this template). */
  turnInStep: RunStep | null;
  /** When the turn-in step was completed (epoch ms), or null while it is not. */
  turnedInAt: number | null;
  turnedIn: boolean;
  /** Open now, or closed with nothing turned in: the row is highlighted. */
  alerting: boolean;
};

/** When a step was planned: its plan time (a snooze moves scheduled_at only), else its due time. */
const plannedAt = (step: RunStep) => parseInstant(step.planned_at) ?? readDueAt(step);

/**
 * The step of a template that stands for its turn-in. The run's data has no turn-in flag: a template's
 * steps are scheduled back from its turn-in (minutes before turn-in), and a template without steps has one
 * step at its turn-in, so the template's last step in the plan (latest planned time; on a tie the later in
 * the run's order) is the one closest to the turn-in: the box going to the judges. Its completion is what
 * 'turned in' means. Steps no longer in the plan do not count; a snooze does not change which step it is.
 */
export function turnInStepOf(templateId: string, steps: readonly RunStep[]): RunStep | null {
  let last: RunStep | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  for (const step of steps) {
    if (step.template_id !== templateId || isStepOffPlan(step)) continue;
    const at = plannedAt(step) ?? Number.NEGATIVE_INFINITY;
    if (last === null || at >= lastAt) {
      last = step;
      lastAt = at;
    }
  }
  return last;
}

/**
 * One row per attached template of the run (a template attached twice counts once), in turn-in order: its
 * official turn-in, the window its sanctioning body accepts an entry in, the phase of that window now,
 * and whether it was turned in.
 */
export function turnInRows(input: {
  turnIns: readonly TimelineTurnIn[];
  steps: readonly RunStep[];
  categories: ReadonlyMap<string, string | null>;
  sanctioningBody: string | null;
  nowMs: number;
}): TurnInRow[] {
  const { turnIns, steps, categories, sanctioningBody, nowMs } = input;
  const seen = new Set<string>();
  const rows: TurnInRow[] = [];
  for (const turnIn of turnIns) {
    const at = Date.parse(turnIn.at);
    if (seen.has(turnIn.template_id) || !Number.isFinite(at)) continue;
    seen.add(turnIn.template_id);
    const window = turnInWindow(at, sanctioningBody);
    const turnInStep = turnInStepOf(turnIn.template_id, steps);
    const turnedIn = turnInStep !== null && isStepCompleted(turnInStep);
    rows.push({
      templateId: turnIn.template_id,
      name: turnIn.template_name,
      category: categories.get(turnIn.template_id) ?? null,
      window,
      phase: turnInWindowPhase(window, nowMs),
      turnInStep,
      turnedInAt: turnedIn ? parseInstant(turnInStep.completed_at) : null,
      turnedIn,
      alerting: isTurnInAlerting(window, nowMs, turnedIn),
    });
  }
  return rows.sort((a, b) => a.window.turnInAt - b.window.turnInAt);
}
