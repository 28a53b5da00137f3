import { hhmmInZone } from '../../domain';
import { layoutTimeline, type TimelineStep, type TimelineTurnIn } from './timeline-model';
import './cook-off-timeline.css';

export type CookOffTimelineProps = {
  schedule: readonly TimelineStep[];
  turnIns: readonly TimelineTurnIn[];
  /** Current instant while the day is running (draws the now-line), or null. */
  now: number | null;
  timeZone?: string;
  /** Pixels per hour of the axis (lanes scroll sideways when wider than the screen). */
  hourWidth?: number;
};

const defaultZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The cook-off day on a horizontal time axis: one lane per template, a mark per step at its due time,
 * each turn-in with its KCBS window (5 minutes before to 5 after) and a now-line while the day runs.
 */
export function CookOffTimeline({
  schedule,
  turnIns,
  now,
  timeZone = defaultZone(),
  hourWidth = 96,
}: CookOffTimelineProps) {
  const layout = layoutTimeline(schedule, turnIns, now);
  if (!layout)
    return (
      <p className="pc-contests-timeline__empty">
        No steps to show yet. Attach a template with Manage templates.
      </p>
    );
  const hours = (layout.endMs - layout.startMs) / 3_600_000;
  const time = (ms: number) => hhmmInZone(ms, timeZone);
  return (
    <figure className="pc-contests-timeline" aria-label="Cook-off timeline">
      <div className="pc-contests-timeline__scroll" tabIndex={0} aria-label="Timeline, scrolls sideways">
        <div className="pc-contests-timeline__canvas" style={{ minWidth: `${hours * hourWidth}px` }}>
          <div className="pc-contests-timeline__axis" aria-hidden="true">
            {layout.ticks.map((tick) => (
              <span key={tick.ms} className="pc-contests-timeline__tick" style={{ left: `${tick.left}%` }}>
                {time(tick.ms)}
              </span>
            ))}
          </div>
          <ul className="pc-contests-timeline__lanes">
            {layout.lanes.map((lane) => (
              <li key={lane.id} className="pc-contests-timeline__lane" data-template-id={lane.id}>
                <span className="pc-contests-timeline__lane-name">{lane.name || 'Template'}</span>
                <ol className="pc-contests-timeline__track">
                  {lane.windows.map((w) => (
                    <li
                      key={`w-${w.ms}`}
                      className="pc-contests-timeline__window"
                      style={{ left: `${w.from}%`, width: `${w.to - w.from}%` }}
                      data-turn-in={time(w.ms)}
                      aria-label={`Turn-in ${time(w.ms)}, window ${time(w.ms - 300_000)} to ${time(w.ms + 300_000)}`}
                    >
                      <span className="pc-contests-timeline__window-label">Turn-in {time(w.ms)}</span>
                    </li>
                  ))}
                  {lane.marks.map((mark, i) => (
                    <li
                      key={mark.step.uid}
                      className="pc-contests-timeline__mark"
                      style={{ left: `${mark.left}%` }}
                      data-due={time(mark.ms)}
                      data-row={i % 2}
                      title={`${mark.step.name} — ${time(mark.ms)}`}
                    >
                      <span className="pc-contests-timeline__dot" aria-hidden="true" />
                      <span className="pc-contests-timeline__label">
                        <time dateTime={mark.step.scheduled_at}>{time(mark.ms)}</time> {mark.step.name}
                      </span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          {layout.nowLeft !== null ? (
            <div
              className="pc-contests-timeline__now"
              style={{ left: `${layout.nowLeft}%` }}
              role="img"
              aria-label={`Now ${now === null ? '' : time(now)}`}
            />
          ) : null}
        </div>
      </div>
    </figure>
  );
}
