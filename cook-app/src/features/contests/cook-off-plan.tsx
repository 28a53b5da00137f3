import { useEffect, useMemo, useState } from 'react';
import { Button } from '@pitclock/design-system';
import { RUN_CLOCK_REFRESH_MS } from '../../domain';
import {
  selectContestAttachments,
  templateSelectors,
  useCookSelector,
  type Contest,
  type TemplateStep,
} from '../../store';
import { CookOffTimeline, cookOffPlan } from '../../lib/cook-off-timeline';

export type CookOffPlanProps = { contest: Contest; timeZone: string; now: () => number };

/** The selected cook-off's day (loaded lazily): timeline, print and .ics export. */
export function CookOffPlan({ contest, timeZone, now }: CookOffPlanProps) {
  const attachments = useCookSelector((s) => selectContestAttachments(s, contest.id));
  const stepEntities = useCookSelector((s) => s.template_steps.entities);
  const allTemplates = useCookSelector(templateSelectors.selectEntities);
  const [nowMs, setNowMs] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setNowMs(now()), RUN_CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [now]);

  const plan = useMemo(() => {
    const steps = Object.values(stepEntities).filter((s): s is TemplateStep => s !== undefined);
    return cookOffPlan({ contest, attachments, templates: allTemplates, steps, timeZone });
  }, [contest, attachments, allTemplates, stepEntities, timeZone]);

  const exportIcs = async () => {
    const { buildIcs, icsFileName } = await import('./ics');
    const text = buildIcs(
      plan.schedule.map((s) => ({ ...s, uid: s.uid })),
      { calendarName: contest.name, nowMs: now() },
    );
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = icsFileName(contest.name, contest.contest_date);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const times = plan.schedule.map((s) => Date.parse(s.scheduled_at));
  const running =
    times.length > 0 && nowMs >= Math.min(...times) - 3_600_000 && nowMs <= Math.max(...times) + 3_600_000;

  return (
    <section className="pc-contests-plan" aria-labelledby="pc-contests-plan-title">
      <div className="pc-contests-plan__header">
        <h3 id="pc-contests-plan-title" className="pc-contests-plan__title">
          Timeline
        </h3>
        <div className="pc-contests-plan__actions">
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
          <Button variant="secondary" disabled={plan.schedule.length === 0} onClick={() => void exportIcs()}>
            Export .ics
          </Button>
        </div>
      </div>
      <CookOffTimeline
        schedule={plan.schedule}
        turnIns={plan.turnIns}
        now={running ? nowMs : null}
        timeZone={timeZone}
      />
    </section>
  );
}
