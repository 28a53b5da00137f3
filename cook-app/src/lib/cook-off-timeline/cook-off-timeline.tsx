import { Timeline } from '@pitclock/design-system';
import { hhmmInZone } from '../../domain';
import { timelineLanes, type TimelineStep, type TimelineTurnIn } from './timeline-model';

export type CookOffTimelineProps = {
  schedule: readonly TimelineStep[];
  turnIns: readonly TimelineTurnIn[];
  /** Current instant while the day is running (draws the now-line), or null. */
  now: number | null;
  timeZone?: string;
};

const defaultZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The cook-off day on a horizontal time axis: one lane per template, a mark per step at its due time,
 * each turn-in with its KCBS window (5 minutes before to 5 after) and a now-line while the day runs.
 */
export function CookOffTimeline({ schedule, turnIns, now, timeZone = defaultZone() }: CookOffTimelineProps) {
  return (
    <Timeline
      label="Cook-off timeline"
      lanes={timelineLanes(schedule, turnIns, timeZone)}
      formatTime={(ms) => hhmmInZone(ms, timeZone)}
      now={now}
      empty={
        <p className="pc-contests-timeline-empty">
          No steps to show yet. Attach a template with Manage templates.
        </p>
      }
    />
  );
}
