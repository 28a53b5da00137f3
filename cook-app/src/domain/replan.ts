// Re-planning a started run (issue 18): the run follows its plan when the turn-in times, the walk time, the
// attachments or the template steps change. Pure: the clock (`now`) and the new steps' ids (`createStep`)
// are parameters.
//
// A run step and a scheduled step are the same step when they have the same template and template step
// (template_step_id null: the one step of a template without steps). The rules:
// - A step still in the plan keeps its id, status, completion, dismissal and notes (notes hang on the id);
//   its name, description and template name follow the plan, and its time follows the plan's time, except
//   a completed step's: it keeps the times it was done against (the run's record).
// - Snooze rule: a snoozed step keeps its snooze's distance from the plan. scheduled_at = planned_at +
//   (the snooze's offset), so a step snoozed 10 min and then moved 30 min later by the plan is due 40 min
//   after its old planned time, and a re-plan that does not move the step keeps the snooze as it was.
// - A step that is new in the plan is added, pending.
// - A step that left the plan is removed when it holds nothing of the team's (pending, not dismissed, no
//   notes); otherwise (completed, dismissed or with notes) it stays, marked left_plan_at, in the All view
//   only, and never alerts. If it comes back to the plan (its template is attached again) it is in again.
// - Steps with no time the engine can read get the plan's time.
// Alert state needs nothing here: the alert engine resets a step's stages when its due time changes.
import { isRecord } from './readers';
import type { ScheduledStep } from './schedule';
import { isStepCompleted, isStepDismissed } from './step-state';
import { parseInstant } from './time';

/** What one re-plan changed in a run, as the run screen's notice lists it. */
export type RunReplan = { at: string; changes: PlanChange[] };

export type PlanChange =
  | { kind: 'moved'; step_id: string; name: string; template_name: string | null; from: string; to: string }
  | { kind: 'added'; step_id: string; name: string; template_name: string | null; at: string }
  | { kind: 'removed'; name: string; template_name: string | null; at: string | null }
  | { kind: 'left-plan'; step_id: string; name: string; template_name: string | null }
  | { kind: 'renamed'; step_id: string; name: string; template_name: string | null; from: string };

export type PlanChangeKind = PlanChange['kind'];

/** The fields of a run step that re-planning reads and writes (the store's RunStep has these). */
/** What re-planning reads and writes of a run step (the store's RunStep is this and more). */
export type ReplanStep = {
  id: string;
  template_id: string | null;
  template_step_id: string | null;
  name: string;
  description: string | null;
  template_name: string | null;
  scheduled_at: string | null;
  status: string;
  completed_at: string | null;
  dismissed_for_user: boolean;
  updated_at: string;
  /**
   * Beyond SPEC.md: the time the schedule engine gave the step at the last (re-)plan. scheduled_at differs
   * from it only by a snooze. Absent on steps from before re-planning: scheduled_at stands for it.
   */
  planned_at?: string | null;
  /**
   * Beyond SPEC.md: when a re-plan found the step no longer in the plan and kept it (completed, dismissed
   * or with notes). Such a step shows in the All view only, marked, and never alerts.
   */
  left_plan_at?: string | null;
};

export type ReplanInput<T extends ReplanStep> = {
  /** The run's steps now. */
  steps: readonly T[];
  /** The schedule engine's steps for the run's inputs now (computeRunSchedule). */
  schedule: readonly ScheduledStep[];
  /** Ids of the steps that have notes (they are never removed). */
  stepsWithNotes: ReadonlySet<string>;
  /** The re-plan's instant, ISO UTC. */
  now: string;
  /** A new pending run step for a scheduled step (the caller gives it its id, run and stamps). */
  createStep: (scheduled: ScheduledStep) => T;
};

export type ReplanResult<T extends ReplanStep> = {
  /** Every step of the re-planned run. */
  steps: T[];
  /** The steps added or changed (to store). */
  set: T[];
  /** Ids of the steps removed. */
  remove: string[];
  /** What changed for the team: steps still to do that moved, were added, removed, renamed or left. */
  changes: PlanChange[];
};

const NO_TEMPLATE = '';
const stepKey = (templateId: string | null, templateStepId: string | null) =>
  `${templateId ?? NO_TEMPLATE}\u0000${templateStepId ?? ''}`;
const textOrNull = (text: string) => (text === '' ? null : text);

/** Still to do for the team (a moved or renamed step is worth telling only then). */
const isOpen = (step: ReplanStep) => !isStepCompleted(step) && !isStepDismissed(step);

type PlanTimes = Pick<ReplanStep, 'planned_at' | 'scheduled_at'> & { moved: boolean };

/** The plan's time for a step that stays: the new planned time, moved by the step's snooze offset. */
function followPlan(step: ReplanStep, plannedIso: string): PlanTimes {
  const scheduledMs = parseInstant(step.scheduled_at);
  const oldPlannedMs = parseInstant(step.planned_at) ?? scheduledMs;
  const newPlannedMs = parseInstant(plannedIso);
  if (scheduledMs === null || oldPlannedMs === null || newPlannedMs === null)
    return { planned_at: plannedIso, scheduled_at: plannedIso, moved: false };
  if (oldPlannedMs === newPlannedMs)
    return { planned_at: step.planned_at, scheduled_at: step.scheduled_at, moved: false };
  return {
    planned_at: plannedIso,
    scheduled_at: new Date(newPlannedMs + scheduledMs - oldPlannedMs).toISOString(),
    moved: true,
  };
}

/** A step that is still in the plan, brought up to it; null when nothing about it changed. */
function keepInPlan<T extends ReplanStep>(
  step: T,
  planned: ScheduledStep,
  now: string,
  changes: PlanChange[],
) {
  // A completed step keeps the times it was done against: they are the run's record ('Planned' in the
  // run summary), and a template adjusted for next time must not rewrite them.
  const { moved, ...times } = isStepCompleted(step)
    ? { moved: false, planned_at: step.planned_at, scheduled_at: step.scheduled_at }
    : followPlan(step, planned.scheduled_at);
  const next: T = {
    ...step,
    ...times,
    name: planned.name,
    description: textOrNull(planned.description),
    template_name: textOrNull(planned.template_name),
  };
  if (step.left_plan_at) delete next.left_plan_at;
  const changed =
    next.scheduled_at !== step.scheduled_at ||
    next.planned_at !== step.planned_at ||
    next.name !== step.name ||
    next.description !== step.description ||
    next.template_name !== step.template_name ||
    Boolean(step.left_plan_at);
  if (!changed) return null;

  const about = { step_id: step.id, name: next.name, template_name: next.template_name };
  if (isOpen(step)) {
    if (step.left_plan_at) changes.push({ kind: 'added', ...about, at: planned.scheduled_at });
    else if (moved)
      changes.push({
        kind: 'moved',
        ...about,
        from: step.planned_at ?? (step.scheduled_at as string),
        to: planned.scheduled_at,
      });
    if (!step.left_plan_at && step.name !== next.name)
      changes.push({ kind: 'renamed', ...about, from: step.name });
  }
  return { ...next, updated_at: now };
}

/** Re-plans a run's steps against the schedule of its inputs now (see the rules at the top). */
export function replanRun<T extends ReplanStep>(input: ReplanInput<T>): ReplanResult<T> {
  const { schedule, stepsWithNotes, now, createStep } = input;
  // Candidates per identity: steps in the plan first, so a step that left and a step in it never swap.
  const candidates = new Map<string, T[]>();
  const ordered = [...input.steps].sort(
    (a, b) => Number(Boolean(a.left_plan_at)) - Number(Boolean(b.left_plan_at)),
  );
  for (const step of ordered) {
    const key = stepKey(step.template_id, step.template_step_id);
    const list = candidates.get(key);
    if (list) list.push(step);
    else candidates.set(key, [step]);
  }

  const changes: PlanChange[] = [];
  const set: T[] = [];
  const next = new Map<string, T>(input.steps.map((step) => [step.id, step]));
  for (const planned of schedule) {
    const match = candidates.get(stepKey(planned.template_id, planned.template_step_id))?.shift();
    if (match) {
      const kept = keepInPlan(match, planned, now, changes);
      if (kept) {
        set.push(kept);
        next.set(kept.id, kept);
      }
      continue;
    }
    const added = { ...createStep(planned), planned_at: planned.scheduled_at };
    set.push(added);
    next.set(added.id, added);
    changes.push({
      kind: 'added',
      step_id: added.id,
      name: added.name,
      template_name: added.template_name,
      at: planned.scheduled_at,
    });
  }

  const remove: string[] = [];
  for (const left of [...candidates.values()].flat()) {
    if (left.left_plan_at) continue;
    const about = { name: left.name, template_name: left.template_name };
    if (isOpen(left) && !stepsWithNotes.has(left.id)) {
      remove.push(left.id);
      next.delete(left.id);
      changes.push({ kind: 'removed', ...about, at: left.scheduled_at });
      continue;
    }
    const marked = { ...left, left_plan_at: now, updated_at: now };
    set.push(marked);
    next.set(marked.id, marked);
    changes.push({ kind: 'left-plan', step_id: left.id, ...about });
  }
  return { steps: [...next.values()], set, remove, changes };
}

/** Changes of one kind to steps of one template (and, for moves, by one amount). */
export type PlanChangeGroup = {
  template_name: string | null;
  kind: PlanChangeKind;
  count: number;
  /** moved: minutes later (negative: earlier). */
  minutes?: number;
};

/**
 * The changes grouped as the notice sums them up ('Brisket: 5 steps 30 min later, Ribs: 4 steps added'):
 * per template (in the order they first appear), per kind, and for moves per amount.
 */
export function groupPlanChanges(changes: readonly PlanChange[]): PlanChangeGroup[] {
  const groups = new Map<string, PlanChangeGroup>();
  for (const change of changes) {
    const minutes =
      change.kind === 'moved'
        ? Math.round(((parseInstant(change.to) ?? 0) - (parseInstant(change.from) ?? 0)) / 60_000)
        : undefined;
    const key = JSON.stringify([change.template_name, change.kind, minutes ?? null]);
    const group = groups.get(key);
    if (group) group.count += 1;
    else
      groups.set(key, {
        template_name: change.template_name,
        kind: change.kind,
        count: 1,
        ...(minutes === undefined ? {} : { minutes }),
      });
  }
  const templateOrder = [...new Set([...groups.values()].map((g) => g.template_name))];
  return [...groups.values()].sort(
    (a, b) => templateOrder.indexOf(a.template_name) - templateOrder.indexOf(b.template_name),
  );
}

const KIND_FIELDS: Record<PlanChangeKind, readonly ('from' | 'to' | 'at' | 'step_id')[]> = {
  moved: ['step_id', 'from', 'to'],
  added: ['step_id', 'at'],
  removed: [],
  'left-plan': ['step_id'],
  renamed: ['step_id', 'from'],
};

function readPlanChange(raw: unknown): PlanChange | null {
  if (!isRecord(raw) || typeof raw.kind !== 'string' || !Object.hasOwn(KIND_FIELDS, raw.kind)) return null;
  const kind = raw.kind as PlanChangeKind;
  if (typeof raw.name !== 'string') return null;
  const change: Record<string, unknown> = {
    kind,
    name: raw.name,
    template_name: typeof raw.template_name === 'string' ? raw.template_name : null,
  };
  for (const field of KIND_FIELDS[kind]) {
    const value = raw[field];
    if (typeof value !== 'string') return null;
    // Times must read as instants ('from' of a rename is the step's old name).
    if (field !== 'step_id' && !(kind === 'renamed' && field === 'from') && parseInstant(value) === null)
      return null;
    change[field] = value;
  }
  if (kind === 'removed') change.at = parseInstant(raw.at) === null ? null : raw.at;
  return change as PlanChange;
}

/** The re-plans of a stored or imported run that can be read (unreadable entries are dropped). */
export function readRunReplans(value: unknown): RunReplan[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw) => {
    if (!isRecord(raw) || typeof raw.at !== 'string' || !Array.isArray(raw.changes)) return [];
    const changes = raw.changes.map(readPlanChange).filter((change) => change !== null);
    return changes.length > 0 ? [{ at: raw.at, changes }] : [];
  });
}

/**
 * The changes of several re-plans as one list, step by step: a step moved twice reads as one move from its
 * first time to its last (none when it came back), a step added and then moved reads as added at its last
 * time. Other changes are kept as they came.
 */
export function netPlanChanges(replans: readonly RunReplan[]): PlanChange[] {
  const out: PlanChange[] = [];
  const lastOf = new Map<string, number>();
  for (const change of replans.flatMap((replan) => replan.changes)) {
    const index = change.kind === 'moved' ? lastOf.get(change.step_id) : undefined;
    const earlier = index === undefined ? undefined : out[index];
    if (change.kind === 'moved' && earlier?.kind === 'moved')
      out[index!] = { ...earlier, ...change, from: earlier.from };
    else if (change.kind === 'moved' && earlier?.kind === 'added')
      out[index!] = { ...earlier, at: change.to };
    else {
      if (change.kind === 'moved' || change.kind === 'added') lastOf.set(change.step_id, out.length);
      out.push(change);
    }
  }
  return out.filter(
    (change) => change.kind !== 'moved' || parseInstant(change.from) !== parseInstant(change.to),
  );
}
