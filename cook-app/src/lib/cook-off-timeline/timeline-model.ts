// The cook-off's day as timeline lanes: one per template, a mark per step, each turn-in's window. Pure.
import type { TimelineLane, TimelineMark, TimelineWindow } from '@pitclock/design-system';
import {
  assignTemplateColours,
  computeRunSchedule,
  DEFAULT_TURN_IN_TIME,
  formatClock,
  instantOnDate,
  parseHhMm,
  readText,
  type ScheduledStep,
} from '../../domain';
import { turnInWindow } from '../../domain/turn-in-window';
import type { Contest, ContestTemplate, Template, TemplateStep } from '../../store';

/** KCBS turn-in window: 5 minutes before to 5 minutes after the turn-in time (the default of every body). */
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

type MutableLane = TimelineLane & { marks: TimelineMark[]; windows: TimelineWindow[] };

/**
 * One lane per template, coloured as the run colours it (by first appearance in schedule order); each
 * step a mark at its due time; each turn-in its window under the sanctioning body's rule (domain
 * turn-in-window.ts: KCBS, and the default, 5 minutes before to 5 minutes after), its times in the
 * locale's clock ('Turn-in 2:00 PM' en-US, 'Turn-in 14:00' en-GB).
 */
export function timelineLanes(
  schedule: readonly TimelineStep[],
  turnIns: readonly TimelineTurnIn[],
  timeZone: string,
  locale: string,
  sanctioningBody: string | null = null,
): TimelineLane[] {
  const time = (ms: number) => formatClock(ms, timeZone, locale);
  const colours = assignTemplateColours([
    ...schedule.map((s) => s.template_name),
    ...turnIns.map((t) => t.template_name),
  ]);
  const lanes = new Map<string, MutableLane>();
  const lane = (id: string, name: string): MutableLane => {
    const existing = lanes.get(id);
    if (existing) return existing;
    const colour = colours.get(readText(name) ?? '') ?? 'white';
    const created = {
      id,
      name: readText(name) ?? 'Template',
      marks: [],
      windows: [],
      color: `var(--pc-color-step-${colour})`,
    };
    lanes.set(id, created);
    return created;
  };
  for (const t of turnIns) {
    const at = Date.parse(t.at);
    const { opensAt: from, closesAt: to } = turnInWindow(at, sanctioningBody);
    lane(t.template_id, t.template_name).windows.push({
      id: `turn-in-${t.template_id}`,
      at,
      from,
      to,
      label: `Turn-in ${time(at)}`,
      description: `Turn-in ${time(at)}, window ${time(from)} to ${time(to)}`,
    });
  }
  for (const step of schedule) {
    lane(step.template_id, step.template_name).marks.push({
      id: step.uid,
      at: Date.parse(step.scheduled_at),
      label: step.name,
    });
  }
  return [...lanes.values()];
}
