// Where everything sits on the timeline's axis. Pure: instants in, percentages and rows out.

export const HOUR_MS = 3_600_000;

export type TimelineMark = {
  id: string;
  /** The instant (epoch ms) the mark stands at. */
  at: number;
  label: string;
};

export type TimelineWindow = {
  id: string;
  /** The instant the window is about (a turn-in), and the span it covers (epoch ms). */
  at: number;
  from: number;
  to: number;
  label: string;
  /** Read by assistive technology, e.g. 'Turn-in 14:00, window 13:55 to 14:05'. */
  description: string;
};

export type TimelineLane = {
  id: string;
  name: string;
  marks: readonly TimelineMark[];
  windows?: readonly TimelineWindow[];
  /** A CSS colour for the lane's marks (defaults to the accent colour). */
  color?: string;
};

export type PlacedMark = TimelineMark & { left: number; row: number };
export type PlacedWindow = TimelineWindow & { left: number; fromLeft: number; width: number };
export type PlacedLane = Omit<TimelineLane, 'marks' | 'windows'> & {
  marks: PlacedMark[];
  windows: PlacedWindow[];
  rows: number;
};

export type TimelineLayout = {
  startMs: number;
  endMs: number;
  hours: number;
  lanes: PlacedLane[];
  /** Whole hours on the axis and their position (0-100 %). */
  ticks: { ms: number; left: number }[];
  /** Position of the now-line, or null when now is not on the axis. */
  nowLeft: number | null;
};

export type LayoutOptions = {
  /** Pixels one hour of the axis takes at least. */
  hourWidth: number;
  /** Estimated width of a mark's label in pixels (to stack labels that would overlap). */
  labelWidth: (mark: TimelineMark) => number;
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

/**
 * Rows for marks in time order: each goes to the first row whose previous label has ended by its
 * instant, so labels never overlap at the axis' minimum width.
 */
function stackRows(marks: readonly TimelineMark[], options: LayoutOptions): Map<string, number> {
  const msPerPixel = HOUR_MS / options.hourWidth;
  const rowFreeAt: number[] = [];
  const rows = new Map<string, number>();
  for (const mark of [...marks].sort((a, b) => a.at - b.at)) {
    let row = rowFreeAt.findIndex((freeAt) => freeAt <= mark.at);
    if (row === -1) row = rowFreeAt.length;
    rowFreeAt[row] = mark.at + options.labelWidth(mark) * msPerPixel;
    rows.set(mark.id, row);
  }
  return rows;
}

/** Lays the lanes out on one axis of whole hours from the earliest to the latest instant. */
export function layoutTimeline(
  lanes: readonly TimelineLane[],
  nowMs: number | null,
  options: LayoutOptions,
): TimelineLayout | null {
  const bounds = axisBounds(lanes);
  if (!bounds) return null;
  const { startMs, endMs } = bounds;
  const pos = (ms: number) => ((ms - startMs) / (endMs - startMs)) * 100;
  const placed = lanes.map((lane): PlacedLane => {
    const marks = lane.marks.filter((m) => finite(m.at)).sort((a, b) => a.at - b.at);
    const rows = stackRows(marks, options);
    return {
      ...lane,
      marks: marks.map((m) => ({ ...m, left: pos(m.at), row: rows.get(m.id) ?? 0 })),
      windows: (lane.windows ?? [])
        .filter((w) => finite(w.from) && finite(w.to))
        .map((w) => ({ ...w, left: pos(w.at), fromLeft: pos(w.from), width: pos(w.to) - pos(w.from) })),
      rows: Math.max(1, ...[...rows.values()].map((r) => r + 1)),
    };
  });
  const ticks: { ms: number; left: number }[] = [];
  for (let ms = startMs; ms <= endMs; ms += HOUR_MS) ticks.push({ ms, left: pos(ms) });
  const nowLeft = nowMs !== null && nowMs >= startMs && nowMs <= endMs ? pos(nowMs) : null;
  return { startMs, endMs, hours: (endMs - startMs) / HOUR_MS, lanes: placed, ticks, nowLeft };
}
