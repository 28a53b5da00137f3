// Where everything of the cook-off timeline sits at a given width. Pure: lanes, instants and pixels in,
// pixel positions, label rows and hidden counts out.
//
// The axis fits the width it is given (no sideways scrolling). Each lane is a strip holding the step dots
// and the shaded turn-in windows, with rows of labels under it: the labels never share the strip, so no
// label ever covers a window. Each label (a window's first, then the steps' in time order) takes the first
// row where it overlaps no label already placed; it starts at its dot, moved left where it would run past
// the right edge, and is cut to the width when longer than it. A label that finds no room in `maxRows`
// rows is not shown; its lane counts it ('+3 more'). Tick labels are thinned to whole steps of hours that
// leave room for each.
import type { TimelineLane, TimelineMark, TimelineWindow } from '@pitclock/design-system';

export const HOUR_MS = 3_600_000;
const TICK_STEPS_HOURS = [1, 2, 3, 4, 6, 12, 24];

export type DayLayoutOptions = {
  /** The width (px) of the axis. */
  width: number;
  /** Rows of labels a lane may use under its strip. */
  maxRows: number;
  /** Estimated width (px) of a label's text (it is cut to the width given, never overflows it). */
  labelWidth: (text: string) => number;
  /** The text a mark's label shows (default: its label), e.g. its time and label. */
  markText?: (mark: TimelineMark) => string;
  /** Width (px) a tick label needs. */
  tickWidth: number;
  /** Room (px) kept between two labels of a row. */
  gap: number;
};

/** A label's box in its lane: `left` and `width` in px from the axis' start, `row` from 0. */
export type LabelBox = { left: number; width: number; row: number };

export type DayMark = TimelineMark & { x: number; box: LabelBox | null };
export type DayWindow = TimelineWindow & { x: number; fromX: number; width: number; box: LabelBox | null };
export type DayLane = Omit<TimelineLane, 'marks' | 'windows'> & {
  marks: DayMark[];
  windows: DayWindow[];
  /** Label rows in use (0 when no label is shown). */
  rows: number;
  /** Labels left out for want of room. */
  hidden: number;
};

export type DayLayout = {
  startMs: number;
  endMs: number;
  width: number;
  lanes: DayLane[];
  ticks: { ms: number; x: number }[];
  /** Where the now-line stands, or null when now is not on the axis. */
  nowX: number | null;
};

const finite = (ms: number) => Number.isFinite(ms);

function axisBounds(lanes: readonly TimelineLane[]): { startMs: number; endMs: number } | null {
  const times = lanes
    .flatMap((lane) => [
      ...lane.marks.map((m) => m.at),
      ...(lane.windows ?? []).flatMap((w) => [w.from, w.to]),
    ])
    .filter(finite);
  if (times.length === 0) return null;
  const startMs = Math.floor(Math.min(...times) / HOUR_MS) * HOUR_MS;
  const endMs = Math.max(startMs + HOUR_MS, Math.ceil(Math.max(...times) / HOUR_MS) * HOUR_MS);
  return { startMs, endMs };
}

/** Places labels in rows so that no two of a row overlap (with `gap` between them). */
function createRows(options: DayLayoutOptions) {
  const rows: { left: number; right: number }[][] = [];
  return {
    place(anchorX: number, text: string): LabelBox | null {
      const width = Math.min(Math.max(1, options.labelWidth(text)), options.width);
      const left = Math.min(Math.max(0, anchorX), options.width - width);
      const right = left + width;
      for (let row = 0; row < options.maxRows; row++) {
        const taken = (rows[row] ??= []);
        const free = taken.every((box) => right + options.gap <= box.left || left >= box.right + options.gap);
        if (!free) continue;
        taken.push({ left, right });
        return { left, width, row };
      }
      return null;
    },
    get used() {
      return rows.filter((row) => row.length > 0).length;
    },
  };
}

/** Lays the lanes out on one axis of whole hours, from the earliest instant to the latest, in `width` px. */
export function layoutDay(
  lanes: readonly TimelineLane[],
  nowMs: number | null,
  options: DayLayoutOptions,
): DayLayout | null {
  const bounds = axisBounds(lanes);
  if (!bounds) return null;
  const { startMs, endMs } = bounds;
  const width = Math.max(1, options.width);
  const x = (ms: number) => ((ms - startMs) / (endMs - startMs)) * width;
  const fitted = { ...options, width };

  const placed = lanes.map((lane): DayLane => {
    const rows = createRows(fitted);
    let hidden = 0;
    const place = (anchorX: number, text: string) => {
      const box = rows.place(anchorX, text);
      if (!box) hidden++;
      return box;
    };
    const windows = (lane.windows ?? [])
      .filter((w) => finite(w.from) && finite(w.to) && finite(w.at))
      .map((w): DayWindow => {
        const fromX = x(w.from);
        const centre = x(w.at);
        const textWidth = Math.min(options.labelWidth(w.label), width);
        return {
          ...w,
          x: centre,
          fromX,
          width: x(w.to) - fromX,
          box: place(centre - textWidth / 2, w.label),
        };
      });
    const marks = lane.marks
      .filter((m) => finite(m.at))
      .sort((a, b) => a.at - b.at)
      .map((m): DayMark => ({ ...m, x: x(m.at), box: null }));
    for (const mark of marks) mark.box = place(mark.x, options.markText?.(mark) ?? mark.label);
    return { ...lane, windows, marks, rows: rows.used, hidden };
  });

  const pxPerHour = width / ((endMs - startMs) / HOUR_MS);
  const stepHours =
    TICK_STEPS_HOURS.find((hours) => hours * pxPerHour >= options.tickWidth + options.gap) ?? 24;
  const ticks: { ms: number; x: number }[] = [];
  for (let ms = startMs; ms <= endMs; ms += stepHours * HOUR_MS) ticks.push({ ms, x: x(ms) });
  const nowX = nowMs !== null && nowMs >= startMs && nowMs <= endMs ? x(nowMs) : null;
  return { startMs, endMs, width, lanes: placed, ticks, nowX };
}
