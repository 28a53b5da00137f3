import { useMemo } from 'react';
import {
  contestSelectors,
  selectContestAttachments,
  templateSelectors,
  useCookSelector,
  type Run,
  type RunStep,
  type TemplateStep,
} from '../../store';
import { cookOffPlan, type TimelineTurnIn } from '../../lib/cook-off-timeline';

/**
 * The turn-ins of the run's templates, from the cook-off's current attachments (the run keeps no turn-in
 * of its own: an override set at the cooks' meeting moves it here too); named as the run names them, so
 * the timeline's lanes and the board's rows keep the run's colours and names.
 */
export function useTurnIns(run: Run, steps: readonly RunStep[], timeZone: string): TimelineTurnIn[] {
  const contest = useCookSelector((state) => contestSelectors.selectById(state, run.contest_id));
  const attachments = useCookSelector((state) => selectContestAttachments(state, run.contest_id));
  const templates = useCookSelector(templateSelectors.selectEntities);
  const templateSteps = useCookSelector((state) => state.template_steps.entities);
  return useMemo(() => {
    if (!contest) return [];
    const names = new Map<string, string>();
    for (const step of steps) {
      if (step.template_id !== null && !names.has(step.template_id))
        names.set(step.template_id, step.template_name ?? '');
    }
    const ownSteps = Object.values(templateSteps).filter(
      (step): step is TemplateStep => step !== undefined && names.has(step.template_id),
    );
    const { turnIns } = cookOffPlan({
      contest: { ...contest, contest_date: run.contest_date || contest.contest_date },
      attachments: attachments.filter((a) => names.has(a.template_id)),
      templates,
      steps: ownSteps,
      timeZone,
    });
    return turnIns.map((t) => ({ ...t, template_name: names.get(t.template_id) ?? t.template_name }));
  }, [contest, run.contest_date, attachments, templates, templateSteps, steps, timeZone]);
}

/** The name of the run's cook-off's sanctioning body (its turn-in window rule), or null. */
export function useSanctioningBodyName(run: Run): string | null {
  return useCookSelector((state) => {
    const bodyId = state.contests.entities[run.contest_id]?.sanctioning_body_id;
    return bodyId ? (state.sanctioning_bodies.entities[bodyId]?.name ?? null) : null;
  });
}
