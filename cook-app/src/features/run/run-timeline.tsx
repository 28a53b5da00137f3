import { useMemo } from 'react';
import type { Run, RunStep } from '../../store';
import { CookOffTimeline } from '../../lib/cook-off-timeline';
import { timelineSchedule } from './run-model';
import { useSanctioningBodyName, useTurnIns } from './use-turn-ins';

export type RunTimelineProps = {
  run: Run;
  /** The run's steps in schedule order. */
  steps: readonly RunStep[];
  nowMs: number;
  timeZone: string;
};

/** The run's day on the cook-off timeline, with the now-line. Nothing when no step has a time. */
export function RunTimeline({ run, steps, nowMs, timeZone }: RunTimelineProps) {
  const schedule = useMemo(() => timelineSchedule(steps), [steps]);
  const turnIns = useTurnIns(run, steps, timeZone);
  const body = useSanctioningBodyName(run);
  if (schedule.length === 0) return null;
  return (
    <div className="pc-run-timeline">
      <CookOffTimeline
        schedule={schedule}
        turnIns={turnIns}
        now={nowMs}
        timeZone={timeZone}
        sanctioningBody={body}
      />
    </div>
  );
}
