import { validateNote } from '../../domain/validation';
import { FAILURE_MESSAGES } from '../messages';
import { runStepSelectors, selectStepNotes } from '../selectors';
import { defineOperation } from '../thunk';
import type { StepNote } from '../types';
import { stepAndRun } from './runs';
import { found, stampNew, valid } from './shared';

/** The notes of a run step, oldest first. */
export const getStepNotes = defineOperation<StepNote[], string>(
  'notes/get',
  FAILURE_MESSAGES.loadSteps,
  (stepId, { getState }) => {
    found(runStepSelectors.selectById(getState(), stepId));
    return selectStepNotes(getState(), stepId);
  },
);

/** Adds a note to a run step: trimmed, not empty. */
export const addStepNote = defineOperation<StepNote, { step_id: string; body: string }>(
  'notes/add',
  FAILURE_MESSAGES.saveNote,
  (input, context) => {
    const body = valid(validateNote(input.body));
    const { run } = stepAndRun(input.step_id, context);
    const note: StepNote = {
      id: context.newId(),
      run_id: run.id,
      step_id: input.step_id,
      body,
      ...stampNew(context.now),
    };
    context.commit({ op: 'notes/add', set: { step_notes: [note] } });
    return note;
  },
);
