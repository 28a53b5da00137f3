import { contestNow } from '../../domain/contest-clock';
import { findActiveRun } from '../../domain/contests';
import { computeRunSchedule, type ScheduleTemplate } from '../../domain/schedule';
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
  selectContestAttachments,
  selectRunSteps,
  selectTemplateSteps,
  templateSelectors,
} from '../selectors';
import { defineOperation, type OperationContext } from '../thunk';
import type { Run, RunStep, StepNote } from '../types';
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
 * The cook-off's active run, reused when there is one (one active run per contest); otherwise a new
 * active run whose steps the schedule engine computes from the attached templates, their steps, the
 * overrides and the walk time. Run and steps are stored in one change. `started` tells which happened.
 */
export const getOrStartRunForContest = defineOperation<RunWithSteps & { started: boolean }, string>(
  'runs/getOrStart',
  STORE_MESSAGES.startRunFailed,
  (contestId, { getState, commit, newId, now, timeZone }) => {
    const state = getState();
    const contest = found(contestSelectors.selectById(state, contestId), STORE_MESSAGES.startRunFailed);
    const active = findActiveRun(runSelectors.selectAll(state), contestId);
    if (active) return { run: active, steps: selectRunSteps(state, active.id), started: false };

    const attachments = selectContestAttachments(state, contestId);
    const templates: Record<string, ScheduleTemplate> = {};
    const steps = attachments.flatMap(({ template_id }) => {
      const template = templateSelectors.selectById(state, template_id);
      if (template)
        templates[template_id] = {
          id: template.id,
          name: template.name,
          turn_in_time: template.turn_in_time,
        };
      return selectTemplateSteps(state, template_id);
    });
    const schedule = computeRunSchedule({ contest, attachments, templates, steps, timeZone });

    const run: Run = {
      id: newId(),
      contest_id: contestId,
      status: 'active',
      contest_date: contest.contest_date,
      name: contest.name,
      ...stampNew(now),
    };
    const runSteps: RunStep[] = schedule.map((step) => ({
      id: newId(),
      run_id: run.id,
      contest_id: contestId,
      template_id: step.template_id,
      template_step_id: step.template_step_id,
      name: step.name,
      description: step.description === '' ? null : step.description,
      template_name: step.template_name === '' ? null : step.template_name,
      scheduled_at: step.scheduled_at,
      status: 'pending',
      completed_at: null,
      time_mode: null,
      dismissed_for_user: false,
      dismissed_at: null,
      ...stampNew(now),
    }));
    commit({ op: 'runs/start', set: { runs: [run], run_steps: runSteps } });
    return { run, steps: runSteps, started: true };
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
