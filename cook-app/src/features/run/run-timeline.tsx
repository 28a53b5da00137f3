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
import { CookOffTimeline, cookOffPlan, type TimelineTurnIn } from '../../lib/cook-off-timeline';
import { timelineSchedule } from './run-model';

export type RunTimelineProps = {
  run: Run;
  /** The run's steps in schedule order. */
  steps: readonly RunStep[];
  nowMs: number;
  timeZone: string;
};

/**
 * The turn-in windows of the run's templates, from the cook-off's current attachments (the run keeps no
 * turn-in of its own); named as the run names them, so the lanes keep the run's colours.
 */
function useTurnIns(run: Run, steps: readonly RunStep[], timeZone: string): TimelineTurnIn[] {
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

/** The run's day on the cook-off timeline, with the now-line. Nothing when no step has a time. */
export function RunTimeline({ run, steps, nowMs, timeZone }: RunTimelineProps) {
  const schedule = useMemo(() => timelineSchedule(steps), [steps]);
  const turnIns = useTurnIns(run, steps, timeZone);
  if (schedule.length === 0) return null;
  return (
    <div className="pc-run-timeline">
      <CookOffTimeline schedule={schedule} turnIns={turnIns} now={nowMs} timeZone={timeZone} />
    </div>
  );
}
