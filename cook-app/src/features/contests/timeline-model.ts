// Layout of the cook-off timeline: lanes per template, marks at due times, turn-in windows. Pure.
import {
  computeRunSchedule,
  DEFAULT_TURN_IN_TIME,
  instantOnDate,
  MINUTE_MS,
  HOUR_MS,
  parseHhMm,
  type ScheduledStep,
} from '../../domain';
import type { Contest, ContestTemplate, Template, TemplateStep } from '../../store';

/** KCBS turn-in window: 5 minutes before to 5 minutes after the turn-in time. */
export const TURN_IN_WINDOW_MINUTES = 5;

export type TimelineStep = ScheduledStep & { uid: string };
export type TimelineTurnIn = { template_id: string; template_name: string; at: string /* ISO */ };

/** The schedule of a cook-off (SPEC.md section 9) with a stable uid per step, and each template's turn-in. */
export function cookOffPlan(input: {
  contest: Contest;
  attachments: readonly ContestTemplate[];
  templates: Record<string, Template | undefined>;
  steps: readonly TemplateStep[];
  timeZone: string;
}): { schedule: TimelineStep[]; turnIns: TimelineTurnIn[] } {
  const { contest, attachments, templates, steps, timeZone } = input;
  const known: Record<string, Template> = {};
  for (const [id, t] of Object.entries(templates)) if (t) known[id] = t;
  const schedule = computeRunSchedule({
    contest,
    attachments: attachments.map((a) => ({
      template_id: a.template_id,
      override_turn_in_time: a.override_turn_in_time,
    })),
    templates: known,
    steps: steps.filter((s) => attachments.some((a) => a.template_id === s.template_id)),
    timeZone,
  }).map((step) => ({
    ...step,
    uid: `${contest.id}-${step.template_step_id ?? `template-${step.template_id}`}`,
  }));
  const turnIns: TimelineTurnIn[] = [];
  const seen = new Set<string>();
  for (const a of attachments) {
    if (seen.has(a.template_id)) continue;
    seen.add(a.template_id);
    const template = known[a.template_id];
    if (!template) continue;
    const own = steps.find((s) => s.template_id === a.template_id && parseHhMm(s.turn_in_time))?.turn_in_time;
    const hhmm =
      parseHhMm(a.override_turn_in_time) ??
      parseHhMm(template.turn_in_time) ??
      parseHhMm(own) ??
      DEFAULT_TURN_IN_TIME;
    try {
      turnIns.push({
        template_id: a.template_id,
        template_name: template.name,
        at: new Date(instantOnDate(contest.contest_date, hhmm, timeZone)).toISOString(),
      });
    } catch {
      // An unreadable contest date has no turn-in.
    }
  }
  return { schedule, turnIns };
}

export type LaneMark = { step: TimelineStep; ms: number; left: number };
export type LaneWindow = { turnIn: TimelineTurnIn; ms: number; left: number; from: number; to: number };
export type Lane = { id: string; name: string; marks: LaneMark[]; windows: LaneWindow[] };
export type TimelineLayout = {
  startMs: number;
  endMs: number;
  lanes: Lane[];
  /** Whole hours on the axis, as instants and their position (0-100 %). */
  ticks: { ms: number; left: number }[];
  /** Position of the now-line, or null when now is outside the day. */
  nowLeft: number | null;
};

/** Positions (percent of the axis) of every mark; the axis runs from the first to the last mark on whole hours. */
export function layoutTimeline(
  schedule: readonly TimelineStep[],
  turnIns: readonly TimelineTurnIn[],
  nowMs: number | null,
): TimelineLayout | null {
  const times = [
    ...schedule.map((s) => Date.parse(s.scheduled_at)),
    ...turnIns.flatMap((t) => {
      const ms = Date.parse(t.at);
      return [ms - TURN_IN_WINDOW_MINUTES * MINUTE_MS, ms + TURN_IN_WINDOW_MINUTES * MINUTE_MS];
    }),
  ].filter((ms) => !Number.isNaN(ms));
  if (times.length === 0) return null;
  const startMs = Math.floor(Math.min(...times) / HOUR_MS) * HOUR_MS;
  const endMs = Math.max(startMs + HOUR_MS, Math.ceil(Math.max(...times) / HOUR_MS) * HOUR_MS);
  const pos = (ms: number) => ((ms - startMs) / (endMs - startMs)) * 100;

  const lanes = new Map<string, Lane>();
  const lane = (id: string, name: string) => {
    let found = lanes.get(id);
    if (!found) {
      found = { id, name, marks: [], windows: [] };
      lanes.set(id, found);
    }
    return found;
  };
  for (const t of turnIns) {
    const ms = Date.parse(t.at);
    const w = TURN_IN_WINDOW_MINUTES * MINUTE_MS;
    lane(t.template_id, t.template_name).windows.push({
      turnIn: t,
      ms,
      left: pos(ms),
      from: pos(ms - w),
      to: pos(ms + w),
    });
  }
  for (const step of schedule) {
    const ms = Date.parse(step.scheduled_at);
    lane(step.template_id, step.template_name).marks.push({ step, ms, left: pos(ms) });
  }
  const ticks: { ms: number; left: number }[] = [];
  for (let ms = startMs; ms <= endMs; ms += HOUR_MS) ticks.push({ ms, left: pos(ms) });
  const nowLeft = nowMs !== null && nowMs >= startMs && nowMs <= endMs ? pos(nowMs) : null;
  return { startMs, endMs, lanes: [...lanes.values()], ticks, nowLeft };
}
