// The plan of a cook-off's run, computed from the store: the schedule of its inputs now, and the change
// set that brings an active run up to it (domain/replan.ts has the rules). Used when a run starts, when it
// is opened again, and by the store's middleware after every change to a plan's inputs.
import { replanRun, type ReplanResult } from '../domain/replan';
import { computeRunSchedule, type ScheduledStep, type ScheduleTemplate } from '../domain/schedule';
import type { ChangeSet } from './actions';
import type { CookState } from './root-reducer';
import {
  contestSelectors,
  runSelectors,
  selectContestAttachments,
  selectRunSteps,
  selectTemplateSteps,
  stepNoteSelectors,
  templateSelectors,
} from './selectors';
import { RUN_STATUS, type Contest, type Run, type RunStep, type StoreName } from './types';

/** The stores a run's plan is computed from: a change to any of them re-plans the active runs. */
export const PLAN_INPUT_STORES = [
  'contests',
  'contest_templates',
  'templates',
  'template_steps',
] as const satisfies readonly StoreName[];

/** At most this many re-plans wait in a run's notice (the oldest go first). */
export const MAX_PENDING_REPLANS = 20;

export type PlanEnvironment = { now: string; newId: () => string; timeZone: string };

/** The schedule engine's steps for a cook-off's attachments, templates, steps, overrides and walk time. */
export function contestSchedule(state: CookState, contest: Contest, timeZone: string): ScheduledStep[] {
  const attachments = selectContestAttachments(state, contest.id);
  const templates: Record<string, ScheduleTemplate> = {};
  const steps = attachments.flatMap(({ template_id }) => {
    const template = templateSelectors.selectById(state, template_id);
    if (template)
      templates[template_id] = { id: template.id, name: template.name, turn_in_time: template.turn_in_time };
    return selectTemplateSteps(state, template_id);
  });
  return computeRunSchedule({ contest, attachments, templates, steps, timeZone });
}

/** A pending run step for a scheduled step. */
export function newRunStep(run: Run, scheduled: ScheduledStep, env: PlanEnvironment): RunStep {
  return {
    id: env.newId(),
    run_id: run.id,
    contest_id: run.contest_id,
    template_id: scheduled.template_id,
    template_step_id: scheduled.template_step_id,
    name: scheduled.name,
    description: scheduled.description === '' ? null : scheduled.description,
    template_name: scheduled.template_name === '' ? null : scheduled.template_name,
    scheduled_at: scheduled.scheduled_at,
    planned_at: scheduled.scheduled_at,
    status: 'pending',
    completed_at: null,
    time_mode: null,
    dismissed_for_user: false,
    dismissed_at: null,
    created_at: env.now,
    updated_at: env.now,
    is_local: true,
  };
}

/** The run's steps re-planned against its cook-off now (steps: the run's steps as they should be). */
export function replanOf(
  state: CookState,
  run: Run,
  contest: Contest,
  env: PlanEnvironment,
  steps: readonly RunStep[] = selectRunSteps(state, run.id),
): ReplanResult<RunStep> {
  const ids = new Set(steps.map((step) => step.id));
  const stepsWithNotes = new Set(
    stepNoteSelectors
      .selectAll(state)
      .filter((note) => ids.has(note.step_id))
      .map((note) => note.step_id),
  );
  return replanRun({
    steps,
    schedule: contestSchedule(state, contest, env.timeZone),
    stepsWithNotes,
    now: env.now,
    createStep: (scheduled) => newRunStep(run, scheduled, env),
  });
}

/** The run record after a re-plan: the cook-off's date and name, and the re-plan in its notice. */
function replannedRun(run: Run, contest: Contest, result: ReplanResult<RunStep>, now: string): Run | null {
  const notice = result.changes.length > 0;
  if (!notice && run.contest_date === contest.contest_date && run.name === contest.name) return null;
  const plan_changes = notice
    ? [...(run.plan_changes ?? []), { at: now, changes: result.changes }].slice(-MAX_PENDING_REPLANS)
    : run.plan_changes;
  return {
    ...run,
    contest_date: contest.contest_date,
    name: contest.name,
    ...(plan_changes ? { plan_changes } : {}),
    updated_at: now,
  };
}

/** One change set that brings every active run up to its cook-off's plan (empty when all follow it). */
export function replanActiveRuns(state: CookState, env: PlanEnvironment): ChangeSet {
  const changes: ChangeSet = {
    op: 'runs/replan',
    set: { runs: [], run_steps: [] },
    remove: { run_steps: [] },
  };
  for (const run of runSelectors.selectAll(state)) {
    if (run.status !== RUN_STATUS.active) continue;
    const contest = contestSelectors.selectById(state, run.contest_id);
    if (!contest || !planInputsPresent(state, contest.id)) continue;
    const result = replanOf(state, run, contest, env);
    const nextRun = replannedRun(run, contest, result, env.now);
    if (nextRun) changes.set!.runs!.push(nextRun);
    changes.set!.run_steps!.push(...result.set);
    changes.remove!.run_steps!.push(...result.remove);
  }
  return changes;
}

/**
 * Whether every template the cook-off's plan needs is on this device. A teammate's phone may hold a
 * shared cook-off before (or without) a template attached to it: planned without it, the run would lose
 * that template's steps.
 */
function planInputsPresent(state: CookState, contestId: string): boolean {
  return selectContestAttachments(state, contestId).every(
    ({ template_id }) => templateSelectors.selectById(state, template_id) !== undefined,
  );
}

/** Whether a change set touches a plan's inputs. */
export function touchesPlanInputs(changes: ChangeSet): boolean {
  return PLAN_INPUT_STORES.some(
    (store) => (changes.set?.[store]?.length ?? 0) > 0 || (changes.remove?.[store]?.length ?? 0) > 0,
  );
}
