// State of a run step on the run screen (SPEC.md sections 2 and 4). Pure: "now" is a parameter.
import { isRecord, readFlag, readScheduledAtMs, readText } from './readers';

/** Statuses shown as completed (compared case-insensitively, trimmed). */
export const COMPLETED_STATUSES = ['done', 'completed', 'complete', 'skipped'] as const;

/** Run screen constants (SPEC.md section 9). */
export const RUN_CLOCK_REFRESH_MS = 30_000;
export const DISMISS_UNDO_MS = 5_000;

/**
 * The five step colours (SPEC.md section 2: a cycle of five, the last, white, for a template with no name).
 * Names, not hex values: the run screen maps them to light and dark theme shades. Decision: named
 * templates cycle through the first four so that white always means "no name".
 */
export const STEP_COLOURS = ['amber', 'sky', 'rose', 'green', 'white'] as const;
export type StepColour = (typeof STEP_COLOURS)[number];
export const UNNAMED_TEMPLATE_COLOUR: StepColour = 'white';
const NAMED_COLOURS = STEP_COLOURS.slice(0, -1) as readonly StepColour[];

export type StepView = 'pending' | 'all';

/** Completed: status done, completed, complete or skipped (any case), or completed_at set. */
export function isStepCompleted(step: unknown): boolean {
  if (!isRecord(step)) return false;
  const status = typeof step.status === 'string' ? step.status.trim().toLowerCase() : '';
  if ((COMPLETED_STATUSES as readonly string[]).includes(status)) return true;
  const at = step.completed_at;
  return (typeof at === 'string' && at.trim() !== '') || (typeof at === 'number' && Number.isFinite(at));
}

/** Dismissed for this user: dismissed_for_user true (also 1 / 'true'). */
export function isStepDismissed(step: unknown): boolean {
  return isRecord(step) && readFlag(step.dismissed_for_user) === true;
}

/** No longer in the plan: a re-plan kept the step (completed, dismissed or with notes) though it left it. */
export function isStepOffPlan(step: unknown): boolean {
  return isRecord(step) && readText(step.left_plan_at) !== null;
}

/** Epoch ms the step is due (scheduled_at, due_at, due_time and similar; see readers.ts), or null. */
export function readDueAt(step: unknown): number | null {
  return readScheduledAtMs(step);
}

/** Overdue: not completed and due strictly before now. A step without a readable due time is never overdue. */
export function isStepOverdue(step: unknown, nowMs: number): boolean {
  if (isStepCompleted(step) || isStepOffPlan(step)) return false;
  const due = readDueAt(step);
  return due !== null && due < nowMs;
}

/** Still to do: neither completed, nor dismissed, nor out of the plan. */
export function isStepPending(step: unknown): boolean {
  return !isStepCompleted(step) && !isStepDismissed(step) && !isStepOffPlan(step);
}

/**
 * Steps of a view, ordered by due time (stable; steps without a due time last, in input order).
 * 'pending': neither completed, dismissed nor out of the plan. 'all': every step.
 */
export function stepsForView<T>(steps: readonly T[], view: StepView): T[] {
  const keyed = steps
    .filter((step) => view === 'all' || isStepPending(step))
    .map((step, index) => ({ step, index, due: readDueAt(step) ?? Number.POSITIVE_INFINITY }));
  keyed.sort((a, b) => (a.due === b.due ? a.index - b.index : a.due < b.due ? -1 : 1));
  return keyed.map((k) => k.step);
}

/**
 * Colour of a template: white for a template with no name (null, undefined or blank); otherwise the
 * `index`-th of the four other colours, cycling (index = the template's order of first appearance,
 * see assignTemplateColours).
 */
export function templateColour(templateName: string | null | undefined, index: number): StepColour {
  if (readText(templateName) === null) return UNNAMED_TEMPLATE_COLOUR;
  const i = Number.isFinite(index) ? Math.abs(Math.trunc(index)) : 0;
  return NAMED_COLOURS[i % NAMED_COLOURS.length] ?? UNNAMED_TEMPLATE_COLOUR;
}

/**
 * Colour per template name for a run, by the order in which names first appear in `names` (pass the
 * steps' template names in schedule order): the first named template gets amber, the second sky, ...,
 * the fifth amber again. Names are compared trimmed; the key '' holds white for steps with no name.
 */
export function assignTemplateColours(names: Iterable<string | null | undefined>): Map<string, StepColour> {
  const colours = new Map<string, StepColour>();
  let next = 0;
  for (const name of names) {
    const key = readText(name) ?? '';
    if (colours.has(key)) continue;
    if (key === '') colours.set('', UNNAMED_TEMPLATE_COLOUR);
    else colours.set(key, templateColour(key, next++));
  }
  return colours;
}
