import { contestNow } from '../../domain/contest-clock';
import { findActiveRun } from '../../domain/contests';
import { isStepOffPlan } from '../../domain/step-state';
import {
  completionTime,
  snoozedUntil,
  validateNote,
  validateSnoozeMinutes,
  type CompletionPayload,
} from '../../domain/validation';
import { FAILURE_MESSAGES, STORE_MESSAGES } from '../messages';
import {
  contestSelectors,
  runSelectors,
  runStepSelectors,
  selectRunSteps,
  stepNoteSelectors,
} from '../selectors';
import { replanActiveRuns, replanOf } from '../run-plan';
import { defineOperation, type OperationContext } from '../thunk';
import { RUN_STATUS, type Run, type RunStep, type StepNote } from '../types';
import { found, stampNew, valid } from './shared';

export type RunWithSteps = { run: Run; steps: RunStep[] };

/** A run and its steps by scheduled time ('Run not found'). */
export const getRun = defineOperation<RunWithSteps, string>(
  'runs/get',
  FAILURE_MESSAGES.loadSteps,
  (runId, { getState }) => {
    const run = found(runSelectors.selectById(getState(), runId), STORE_MESSAGES.runNotFound);
    return { run, steps: selectRunSteps(getState(), runId) };
  },
);

/**
 * The cook-off's active run, reused when there is one (one active run per contest) and brought up to the
 * plan (a run from before re-planning, or one whose inputs changed while it could not follow); otherwise a
 * new active run whose steps the schedule engine computes from the attached templates, their steps, the
 * overrides and the walk time. Run and steps are stored in one change. `started` tells which happened.
 */
export const getOrStartRunForContest = defineOperation<RunWithSteps & { started: boolean }, string>(
  'runs/getOrStart',
  STORE_MESSAGES.startRunFailed,
  (contestId, context) => {
    const { getState, commit, newId, now, timeZone } = context;
    const contest = found(contestSelectors.selectById(getState(), contestId), STORE_MESSAGES.startRunFailed);
    const env = { now, newId, timeZone };
    const active = findActiveRun(runSelectors.selectAll(getState()), contestId);
    if (active) {
      commit(replanActiveRuns(getState(), env));
      const run = runSelectors.selectById(getState(), active.id) ?? active;
      return { run, steps: selectRunSteps(getState(), run.id), started: false };
    }

    const run: Run = {
      id: newId(),
      contest_id: contestId,
      status: RUN_STATUS.active,
      contest_date: contest.contest_date,
      name: contest.name,
      ...stampNew(now),
    };
    const { steps } = replanOf(getState(), run, contest, env, []);
    commit({ op: 'runs/start', set: { runs: [run], run_steps: steps } });
    return { run, steps: selectRunSteps(getState(), run.id), started: true };
  },
);

/** The run, or 'Run not found'. */
function runById(runId: string, context: OperationContext): Run {
  return found(runSelectors.selectById(context.getState(), runId), STORE_MESSAGES.runNotFound);
}

/**
 * Finishes a run (beyond SPEC.md): it leaves the active state (no more alerts, its push schedule is
 * withdrawn) and stays readable by id; the next Start of its cook-off makes a new run.
 */
export const finishRun = defineOperation<Run, string>(
  'runs/finish',
  FAILURE_MESSAGES.finishRun,
  (runId, context) => {
    const run = runById(runId, context);
    if (run.status !== RUN_STATUS.active) return run;
    const finished: Run = {
      ...run,
      status: RUN_STATUS.finished,
      finished_at: context.now,
      updated_at: context.now,
    };
    context.commit({ op: 'runs/finish', set: { runs: [finished] } });
    return finished;
  },
);

/**
 * Resets a run (beyond SPEC.md): every step is pending again at its planned time (completions,
 * dismissals and snoozes undone), steps no longer in the plan go unless they have notes, notes stay, and
 * the notice of changes is cleared. Then the run is brought up to its plan.
 */
export const resetRun = defineOperation<Run, string>(
  'runs/reset',
  FAILURE_MESSAGES.resetRun,
  (runId, context) => {
    const { getState, now } = context;
    const run = runById(runId, context);
    const noted = new Set(stepNoteSelectors.selectAll(getState()).map((note) => note.step_id));
    const steps = selectRunSteps(getState(), runId);
    const dropped = steps.filter((step) => isStepOffPlan(step) && !noted.has(step.id)).map((step) => step.id);
    let reset: RunStep[] = steps
      .filter((step) => !dropped.includes(step.id))
      .map((step) => ({
        ...step,
        status: 'pending',
        completed_at: null,
        time_mode: null,
        dismissed_for_user: false,
        dismissed_at: null,
        scheduled_at: step.planned_at ?? step.scheduled_at,
        updated_at: now,
      }));
    // An active run starts over on today's plan, in the same change (the team's own act: no notice of it).
    const contest = contestSelectors.selectById(getState(), run.contest_id);
    if (run.status === RUN_STATUS.active && contest) {
      const env = { now, newId: context.newId, timeZone: context.timeZone };
      const replanned = replanOf(getState(), run, contest, env, reset);
      dropped.push(...replanned.remove);
      reset = replanned.steps;
    }
    const cleared: Run = { ...run, plan_changes: [], updated_at: now };
    context.commit({
      op: 'runs/reset',
      set: { runs: [cleared], run_steps: reset },
      remove: { run_steps: dropped },
    });
    return cleared;
  },
);

/** Clears the run's notice of plan changes (the team has read it). */
export const dismissPlanChanges = defineOperation<Run, string>(
  'runs/dismissPlanChanges',
  FAILURE_MESSAGES.dismissPlanChanges,
  (runId, context) => {
    const run = runById(runId, context);
    if ((run.plan_changes ?? []).length === 0) return run;
    const cleared: Run = { ...run, plan_changes: [], updated_at: context.now };
    context.commit({ op: 'runs/dismissPlanChanges', set: { runs: [cleared] } });
    return cleared;
  },
);

/** A run step and its run ('Item not found' for the step, 'Run not found' for its run). */
export function stepAndRun(stepId: string, { getState }: OperationContext): { step: RunStep; run: Run } {
  const step = found(runStepSelectors.selectById(getState(), stepId));
  const run = found(runSelectors.selectById(getState(), step.run_id), STORE_MESSAGES.runNotFound);
  return { step, run };
}

/** Now on the run's contest clock (beyond SPEC.md): the times of a cook-off all follow it. */
function contestClockNow(run: Run, context: OperationContext): number {
  return contestNow(contestSelectors.selectById(context.getState(), run.contest_id), context.nowMs);
}

function saveStep(context: OperationContext, op: string, step: RunStep, notes: StepNote[] = []) {
  context.commit({ op, set: { run_steps: [step], step_notes: notes } });
  return step;
}

/** Moves a step to now plus `minutes` (at least 1, default 10); resolves with the new time. */
export const snoozeStep = defineOperation<string, { step_id: string; minutes?: number | string | null }>(
  'runs/snoozeStep',
  FAILURE_MESSAGES.snooze,
  (input, context) => {
    const minutes = valid(validateSnoozeMinutes(input.minutes));
    const { step, run } = stepAndRun(input.step_id, context);
    const scheduledAt = snoozedUntil(contestClockNow(run, context), minutes);
    saveStep(context, 'runs/snoozeStep', { ...step, scheduled_at: scheduledAt, updated_at: context.now });
    return scheduledAt;
  },
);

/** Dismisses a step for this user (dismissed_for_user true, dismissed_at now). */
export const dismissStep = defineOperation<RunStep, string>(
  'runs/dismissStep',
  FAILURE_MESSAGES.dismiss,
  (stepId, context) => {
    const { step } = stepAndRun(stepId, context);
    return saveStep(context, 'runs/dismissStep', {
      ...step,
      dismissed_for_user: true,
      dismissed_at: context.now,
      updated_at: context.now,
    });
  },
);

/** Reverses a dismissal. */
export const undismissStep = defineOperation<RunStep, string>(
  'runs/undismissStep',
  FAILURE_MESSAGES.undismiss,
  (stepId, context) => {
    const { step } = stepAndRun(stepId, context);
    return saveStep(context, 'runs/undismissStep', {
      ...step,
      dismissed_for_user: false,
      dismissed_at: null,
      updated_at: context.now,
    });
  },
);

export type CompleteStepInput = CompletionPayload & { step_id: string };

/** The input a completion's custom-time error names (the dialog shows it beside that field). */
export const CUSTOM_TIME_FIELD = 'custom_at' satisfies keyof CompleteStepInput;

/**
 * Completes a step at its scheduled time, now, or a custom HH:MM on the scheduled day (SPEC.md section
 * 5 texts: 'Please pick a valid time (HH:MM).', 'This step has no scheduled time to anchor the date.').
 * A non-empty note is saved with it, in the same change.
 */
export const completeStep = defineOperation<RunStep, CompleteStepInput>(
  'runs/completeStep',
  FAILURE_MESSAGES.complete,
  ({ step_id, ...payload }, context) => {
    const { step, run } = stepAndRun(step_id, context);
    const completedAt = valid(
      completionTime(step, payload, contestClockNow(run, context), context.timeZone),
      CUSTOM_TIME_FIELD,
    );
    const note = validateNote(payload.note);
    const notes: StepNote[] = note.ok
      ? [{ id: context.newId(), run_id: run.id, step_id, body: note.value, ...stampNew(context.now) }]
      : [];
    return saveStep(
      context,
      'runs/completeStep',
      {
        ...step,
        status: 'completed',
        completed_at: completedAt,
        time_mode: payload.time_mode,
        updated_at: context.now,
      },
      notes,
    );
  },
);
