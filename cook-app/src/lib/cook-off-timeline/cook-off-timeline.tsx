import { useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import type { TimelineMark } from '@pitclock/design-system';
import { formatWallTime, hhmmInZone } from '../../domain';
import { deviceTimeZone, useDateFormat } from '../display-prefs';
import { layoutDay } from './day-layout';
import { timelineLanes, type TimelineStep, type TimelineTurnIn } from './timeline-model';
import './cook-off-timeline.css';

export type CookOffTimelineProps = {
  schedule: readonly TimelineStep[];
  turnIns: readonly TimelineTurnIn[];
  /** Current instant while the day is running (draws the now-line), or null. */
  now: number | null;
  timeZone?: string;
  /** The cook-off's sanctioning body (name or code): its rule sets the turn-in windows (default KCBS's). */
  sanctioningBody?: string | null;
};

/** The width laid out before the figure is measured (and where nothing can be measured). */
const FALLBACK_WIDTH = 320;
const MAX_LABEL_ROWS = 4;
const LABEL_GAP_PX = 6;
// Generous estimates of the 0.75rem labels (a cut label ends in an ellipsis; it never spills over).
const CHAR_PX = 7;
const LABEL_PADDING_PX = 6;
const TICK_WIDTH_PX = 40;

const labelWidth = (text: string) => text.length * CHAR_PX + LABEL_PADDING_PX;
/** Room for a tick's time in the locale ('12:00 PM' needs more than '12:00'). */
const tickWidth = (locale: string) =>
  Math.max(TICK_WIDTH_PX, formatWallTime('12:00', locale).length * CHAR_PX);

/** The width of an element's content box, kept up to date; null until measured (or not measurable). */
function useContentWidth<T extends HTMLElement>() {
  const [element, ref] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const measured = element.clientWidth;
      setWidth(measured > 0 ? measured : null);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [ref, width] as const;
}

/**
 * The cook-off day on a horizontal time axis that fits its width: one lane per template, a dot per step at
 * its due time and each turn-in's window (the KCBS 5 minutes before to 5 after) shaded on the lane's strip,
 * the labels in rows under the strip (never on each other or on a window; a label without room is counted
 * as '+N more'), and a now-line while the day runs. Every step stays in the lane's list for a screen
 * reader, labelled or not.
 */
export function CookOffTimeline({
  schedule,
  turnIns,
  now,
  timeZone = deviceTimeZone(),
  sanctioningBody = null,
}: CookOffTimelineProps) {
  const [bodyRef, measured] = useContentWidth<HTMLDivElement>();
  const format = useDateFormat();
  const { locale } = format;
  const time = (ms: number) => format.clock(ms, timeZone);
  // data-at keeps the machine 'HH:MM' whatever the locale.
  const machineTime = (ms: number) => hhmmInZone(ms, timeZone);
  const lanes = useMemo(
    () => timelineLanes(schedule, turnIns, timeZone, locale, sanctioningBody),
    [schedule, turnIns, timeZone, locale, sanctioningBody],
  );
  const markText = (mark: TimelineMark) => `${time(mark.at)} ${mark.label}`;
  const layout = layoutDay(lanes, now, {
    width: measured ?? FALLBACK_WIDTH,
    maxRows: MAX_LABEL_ROWS,
    labelWidth,
    markText,
    tickWidth: tickWidth(locale),
    gap: LABEL_GAP_PX,
  });
  if (!layout) {
    return (
      <div className="pc-timeline-empty">
        <p className="pc-contests-timeline-empty">
          No steps to show yet. Attach a template with Manage templates.
        </p>
      </div>
    );
  }
  const box = (b: { left: number; width: number; row: number }) =>
    ({ left: `${b.left}px`, width: `${b.width}px`, '--pc-day-row': b.row }) as CSSProperties;
  return (
    <figure className="pc-day" aria-label="Cook-off timeline">
      <div className="pc-day__body" ref={bodyRef}>
        {layout.nowX !== null && now !== null ? (
          <div
            className="pc-day__now"
            style={{ left: `${layout.nowX}px` }}
            role="img"
            aria-label={`Now ${time(now)}`}
          />
        ) : null}
        <div className="pc-day__axis" aria-hidden="true">
          {layout.ticks.map((tick) => (
            <span key={tick.ms} className="pc-day__tick" style={{ left: `${tick.x}px` }}>
              {time(tick.ms)}
            </span>
          ))}
        </div>
        <ul className="pc-day__lanes">
          {layout.lanes.map((lane) => (
            <li
              key={lane.id}
              className="pc-day__lane"
              data-lane-id={lane.id}
              style={
                {
                  '--pc-day-rows': lane.rows,
                  ...(lane.color ? { '--pc-day-mark': lane.color } : {}),
                } as CSSProperties
              }
            >
              <span className="pc-day__lane-name">
                {lane.name}
                {lane.hidden > 0 ? <span className="pc-day__more"> +{lane.hidden} more</span> : null}
              </span>
              <ol className="pc-day__track" aria-label={lane.name}>
                {lane.windows.map((w) => (
                  <li
                    key={w.id}
                    className="pc-day__item"
                    data-at={machineTime(w.at)}
                    aria-label={w.description}
                  >
                    <span
                      className="pc-day__window"
                      style={{ left: `${w.fromX}px`, width: `${w.width}px` }}
                    />
                    {w.box ? (
                      <span
                        className="pc-day__label pc-day__label--window"
                        style={box(w.box)}
                        aria-hidden="true"
                      >
                        {w.label}
                      </span>
                    ) : null}
                  </li>
                ))}
                {lane.marks.map((mark) => (
                  <li
                    key={mark.id}
                    className="pc-day__item pc-timeline__mark"
                    data-at={machineTime(mark.at)}
                    data-row={mark.box?.row ?? 'hidden'}
                  >
                    <span className="pc-day__dot" style={{ left: `${mark.x}px` }} aria-hidden="true" />
                    <span
                      className={mark.box ? 'pc-day__label' : 'pc-visually-hidden'}
                      style={mark.box ? box(mark.box) : undefined}
                    >
                      <time dateTime={new Date(mark.at).toISOString()}>{time(mark.at)}</time> {mark.label}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
