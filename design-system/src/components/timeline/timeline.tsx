import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { layoutTimeline, type TimelineLane, type TimelineMark } from './timeline-layout';

export type TimelineProps = {
  lanes: readonly TimelineLane[];
  /** Formats an instant for ticks, marks and the now-line (e.g. 'HH:MM' in the device's zone). */
  formatTime: (ms: number) => string;
  /** The current instant: draws the now-line when it is on the axis. */
  now?: number | null;
  /** Accessible name of the figure. */
  label?: string;
  /** Shown instead of the axis when no lane has a mark or a window. */
  empty?: ReactNode;
  /** Pixels per hour at least: lanes scroll sideways when the day is wider than the screen. */
  hourWidth?: number;
  className?: string;
};

const CHAR_PX = 6.5;
const DOT_PX = 16;

/**
 * A day on a horizontal time axis: one lane per group, a mark per event with its time and label
 * (labels that would overlap stack in rows), shaded windows, and a now-line. Scrolls sideways on a
 * narrow screen; prints on one landscape page.
 */
export function Timeline({
  lanes,
  formatTime,
  now = null,
  label = 'Timeline',
  empty = null,
  hourWidth = 80,
  className,
}: TimelineProps) {
  const labelWidth = (mark: TimelineMark) =>
    DOT_PX + (formatTime(mark.at).length + 1 + mark.label.length) * CHAR_PX;
  const layout = layoutTimeline(lanes, now, { hourWidth, labelWidth });
  if (!layout) return <div className={cx('pc-timeline-empty', className)}>{empty}</div>;
  return (
    <figure className={cx('pc-timeline', className)} aria-label={label}>
      <div
        className="pc-timeline__scroll"
        // A region that scrolls must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
        role="group"
        aria-label={`${label}, scrolls sideways`}
      >
        <div className="pc-timeline__canvas" style={{ minWidth: `${layout.hours * hourWidth}px` }}>
          <div className="pc-timeline__axis" aria-hidden="true">
            {layout.ticks.map((tick) => (
              <span key={tick.ms} className="pc-timeline__tick" style={{ left: `${tick.left}%` }}>
                {formatTime(tick.ms)}
              </span>
            ))}
          </div>
          <ul className="pc-timeline__lanes">
            {layout.lanes.map((lane) => (
              <li
                key={lane.id}
                className="pc-timeline__lane"
                data-lane-id={lane.id}
                style={
                  {
                    '--pc-timeline-rows': lane.rows,
                    ...(lane.color ? { '--pc-timeline-mark': lane.color } : {}),
                  } as CSSProperties
                }
              >
                <span className="pc-timeline__lane-name">{lane.name}</span>
                <ol className="pc-timeline__track" aria-label={lane.name}>
                  {lane.windows.map((w) => (
                    <li
                      key={w.id}
                      className="pc-timeline__window"
                      style={{ left: `${w.fromLeft}%`, width: `${w.width}%` }}
                      data-at={formatTime(w.at)}
                      aria-label={w.description}
                    >
                      <span className="pc-timeline__window-label" aria-hidden="true">
                        {w.label}
                      </span>
                    </li>
                  ))}
                  {lane.marks.map((mark) => (
                    <li
                      key={mark.id}
                      className="pc-timeline__mark"
                      style={{ left: `${mark.left}%`, top: `calc(${mark.row} * var(--pc-timeline-row))` }}
                      data-at={formatTime(mark.at)}
                      data-row={mark.row}
                    >
                      <span className="pc-timeline__dot" aria-hidden="true" />
                      <span className="pc-timeline__label">
                        <time dateTime={new Date(mark.at).toISOString()}>{formatTime(mark.at)}</time>{' '}
                        {mark.label}
                      </span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          {layout.nowLeft !== null && now !== null ? (
            <div
              className="pc-timeline__now"
              style={{ left: `${layout.nowLeft}%` }}
              role="img"
              aria-label={`Now ${formatTime(now)}`}
            />
          ) : null}
        </div>
      </div>
    </figure>
  );
}
