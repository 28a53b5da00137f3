import { createSelector } from '@reduxjs/toolkit';
import { isGlobalCategory } from '../domain/validation';
import { categoriesAdapter } from './categories-slice';
import { contestEnvironmentAdapter } from './contest-environment-slice';
import { contestTemplatesAdapter } from './contest-templates-slice';
import { contestsAdapter } from './contests-slice';
import type { CookState } from './root-reducer';
import { runStepsAdapter } from './run-steps-slice';
import { runsAdapter } from './runs-slice';
import { sanctioningBodiesAdapter } from './sanctioning-bodies-slice';
import type { SeedInput } from './seed';
import { stepNotesAdapter } from './step-notes-slice';
import { templateStepsAdapter } from './template-steps-slice';
import { templatesAdapter } from './templates-slice';
import {
  RUN_STATUS,
  STORE_NAMES,
  type CookData,
  type StoreName,
  type TemplateUsage,
  type TemplateWithUsage,
} from './types';

export const sanctioningBodySelectors = sanctioningBodiesAdapter.getSelectors(
  (s: CookState) => s.sanctioning_bodies,
);
export const categorySelectors = categoriesAdapter.getSelectors((s: CookState) => s.categories);
export const templateSelectors = templatesAdapter.getSelectors((s: CookState) => s.templates);
export const templateStepSelectors = templateStepsAdapter.getSelectors((s: CookState) => s.template_steps);
export const contestSelectors = contestsAdapter.getSelectors((s: CookState) => s.contests);
export const contestTemplateSelectors = contestTemplatesAdapter.getSelectors(
  (s: CookState) => s.contest_templates,
);
export const runSelectors = runsAdapter.getSelectors((s: CookState) => s.runs);
export const runStepSelectors = runStepsAdapter.getSelectors((s: CookState) => s.run_steps);
export const stepNoteSelectors = stepNotesAdapter.getSelectors((s: CookState) => s.step_notes);
export const contestEnvironmentSelectors = contestEnvironmentAdapter.getSelectors(
  (s: CookState) => s.contest_environment,
);

const byText = (a: string, b: string) => a.localeCompare(b);

export const selectSeedInput = (state: CookState): SeedInput => ({
  sanctioning_bodies: sanctioningBodySelectors.selectAll(state),
  categories: categorySelectors.selectAll(state),
  templates: templateSelectors.selectAll(state),
  contests: contestSelectors.selectAll(state),
});

/** Sanctioning bodies by name. */
export const selectSanctioningBodies = createSelector([sanctioningBodySelectors.selectAll], (bodies) =>
  [...bodies].sort((a, b) => byText(a.name, b.name)),
);

/** Categories: the global ones first, then the user's, each by name. */
export const selectCategories = createSelector([categorySelectors.selectAll], (categories) =>
  [...categories].sort(
    (a, b) => Number(!isGlobalCategory(a)) - Number(!isGlobalCategory(b)) || byText(a.name, b.name),
  ),
);

/**
 * Usage of every template, derived rather than stored (so it cannot drift): usage_contests counts the
 * contests it is attached to, usage_run_steps the run steps made from it.
 */
export const selectTemplateUsage = createSelector(
  [contestTemplateSelectors.selectAll, runStepSelectors.selectAll],
  (attachments, runSteps): Record<string, TemplateUsage> => {
    const contests = new Map<string, Set<string>>();
    for (const { template_id, contest_id } of attachments) {
      const set = contests.get(template_id) ?? new Set<string>();
      set.add(contest_id);
      contests.set(template_id, set);
    }
    const usage: Record<string, TemplateUsage> = {};
    const entry = (id: string) => (usage[id] ??= { usage_contests: 0, usage_run_steps: 0 });
    for (const [id, set] of contests) entry(id).usage_contests = set.size;
    for (const { template_id } of runSteps) if (template_id !== null) entry(template_id).usage_run_steps += 1;
    return usage;
  },
);

const NO_USAGE: TemplateUsage = { usage_contests: 0, usage_run_steps: 0 };

/** Templates with their usage counts, by sort_index then name. */
export const selectTemplatesWithUsage = createSelector(
  [templateSelectors.selectAll, selectTemplateUsage],
  (templates, usage): TemplateWithUsage[] =>
    templates
      .map((template) => ({ ...template, ...(usage[template.id] ?? NO_USAGE) }))
      .sort((a, b) => a.sort_index - b.sort_index || byText(a.name, b.name)),
);

export const selectActiveTemplates = createSelector([selectTemplatesWithUsage], (templates) =>
  templates.filter((template) => !template.is_archived),
);
export const selectArchivedTemplates = createSelector([selectTemplatesWithUsage], (templates) =>
  templates.filter((template) => template.is_archived),
);

/** The steps of a template, earliest first (most minutes before turn-in first), then by name. */
export const selectTemplateSteps = createSelector(
  [templateStepSelectors.selectAll, (_state: CookState, templateId: string) => templateId],
  (steps, templateId) =>
    steps
      .filter((step) => step.template_id === templateId)
      .sort((a, b) => b.minutes_before_turn_in - a.minutes_before_turn_in || byText(a.name, b.name)),
);

/** Cook-offs by date, then name. */
export const selectContests = createSelector([contestSelectors.selectAll], (contests) =>
  [...contests].sort((a, b) => byText(a.contest_date, b.contest_date) || byText(a.name, b.name)),
);

/** The templates attached to a cook-off (attachment records, oldest first). */
export const selectContestAttachments = createSelector(
  [contestTemplateSelectors.selectAll, (_state: CookState, contestId: string) => contestId],
  (attachments, contestId) =>
    attachments
      .filter((attachment) => attachment.contest_id === contestId)
      .sort((a, b) => byText(a.created_at, b.created_at)),
);

/** The active run of a cook-off, if there is one. */
export const selectActiveRun = (state: CookState, contestId: string) =>
  runSelectors
    .selectAll(state)
    .find((run) => run.contest_id === contestId && run.status === RUN_STATUS.active);

/** The steps of a run by scheduled time (steps without one last). */
export const selectRunSteps = createSelector(
  [runStepSelectors.selectAll, (_state: CookState, runId: string) => runId],
  (steps, runId) =>
    steps
      .filter((step) => step.run_id === runId)
      .sort((a, b) => byText(a.scheduled_at ?? '\uffff', b.scheduled_at ?? '\uffff')),
);

/** The notes of a run step, oldest first. */
export const selectStepNotes = createSelector(
  [stepNoteSelectors.selectAll, (_state: CookState, stepId: string) => stepId],
  (notes, stepId) =>
    notes.filter((note) => note.step_id === stepId).sort((a, b) => byText(a.created_at, b.created_at)),
);

export const selectContestEnvironment = (state: CookState, contestId: string) =>
  contestEnvironmentSelectors.selectById(state, contestId);

/** Number of records per store. */
export const selectStoreCounts = (state: CookState): Record<StoreName, number> =>
  Object.fromEntries(STORE_NAMES.map((store) => [store, state[store].ids.length])) as Record<
    StoreName,
    number
  >;

/** Every store's records as lists (what a backup holds). */
export const selectCookData = (state: CookState): CookData =>
  Object.fromEntries(
    STORE_NAMES.map((store) => [store, state[store].ids.map((id) => state[store].entities[id])]),
  ) as CookData;
