// The run schedule of a cook-off (SPEC.md section 9, "Step schedule"). Pure: the time zone is a parameter.
//
// For each attached template (attachment order; a template attached twice counts once, the first wins):
//   turn-in (wall clock)  = the step's own turn_in_time, else the template's, on the contest date,
//                           + (override - reference) when the attachment has a readable override;
//   due (instant)         = turn-in - minutes_before_turn_in - walk-time adjustment (elapsed minutes).
// Decisions where SPEC.md is silent:
// - A step's own turn_in_time (template_steps lists one) takes precedence over the template's.
// - The reference the override is measured from is the template's turn-in time; a template without one
//   takes the first of its steps' own times; with neither it is DEFAULT_TURN_IN_TIME ('12:00'), so an
//   override with no base time is the base. Every step of a template is shifted by the same wall-clock
//   amount, and steps without a time of their own sit at the reference.
// - The shifted turn-in is a wall-clock time on the contest date, rolled into the previous/next day when
//   the shift crosses midnight, and resolved DST-correctly (time.ts: a time in the spring-forward gap
//   moves past it, a repeated time is the first).
// - minutes_before_turn_in and the walk time are elapsed minutes subtracted from that instant, so a
//   14-hour brisket cook lands 14 real hours before turn-in, on the previous day, also across a DST change.
//   Missing or non-numeric minutes count as 0; negative minutes (a step after turn-in) are kept.
// - A template without steps yields one step named after the template (or 'Turn-in' when it has no
//   name), due at its turn-in minus the walk time, with template_step_id null.
// - An attachment whose template is unknown and has no steps is skipped; an unknown template with steps
//   is scheduled with an empty name. An unreadable contest date yields an empty schedule.
// - Sorted by due time; ties keep attachment order, then step order (the order of `steps`).
import { clampWalkTime, createWallClockResolver, hhmmToMinutes, MINUTE_MS, parseYmd } from './time';
import { readMinutesBefore, readStepName } from './readers';

export type ScheduleContest = {
  id: string;
  contest_date: string /* YYYY-MM-DD */;
  walk_time_adjust_minutes?: unknown;
};
export type ScheduleAttachment = { template_id: string; override_turn_in_time?: string | null };
export type ScheduleTemplate = { id: string; name?: string | null; turn_in_time?: string | null };
export type ScheduleTemplateStep = {
  id: string;
  template_id: string;
  name: string;
  description?: string | null;
  turn_in_time?: string | null;
  minutes_before_turn_in: number;
};
export type ScheduledStep = {
  template_id: string;
  template_step_id: string | null;
  template_name: string;
  name: string;
  description: string;
  scheduled_at: string /* ISO UTC */;
};

export type RunScheduleInput = {
  contest: ScheduleContest;
  attachments: ScheduleAttachment[];
  templates: Record<string, ScheduleTemplate>;
  steps: ScheduleTemplateStep[];
  timeZone: string;
};

/** Turn-in time used when neither the template nor any of its steps has one. */
export const DEFAULT_TURN_IN_TIME = '12:00';
const DEFAULT_TURN_IN_MINUTES = 12 * 60;
/** Name of the single step of a template that has no steps and no name. */
export const UNNAMED_TEMPLATE_STEP_NAME = 'Turn-in';

type Row = { ms: number; seq: number; step: Omit<ScheduledStep, 'scheduled_at'> };

export function computeRunSchedule(input: RunScheduleInput): ScheduledStep[] {
  const { contest, attachments, templates, steps, timeZone } = input;
  const ymd = parseYmd(contest.contest_date);
  if (!ymd) return [];
  const walkMs = clampWalkTime(contest.walk_time_adjust_minutes) * MINUTE_MS;

  const stepsByTemplate = new Map<string, ScheduleTemplateStep[]>();
  for (const step of steps) {
    const list = stepsByTemplate.get(step.template_id);
    if (list) list.push(step);
    else stepsByTemplate.set(step.template_id, [step]);
  }

  // One zone resolution per distinct wall-clock minute, not per step; zone offsets cached by hour.
  const resolve = createWallClockResolver(timeZone);
  const instants = new Map<number, number>();
  const turnInAt = (minuteOfDay: number): number => {
    let ms = instants.get(minuteOfDay);
    if (ms === undefined) {
      ms = resolve(ymd, minuteOfDay);
      instants.set(minuteOfDay, ms);
    }
    return ms;
  };

  const rows: Row[] = [];
  const seen = new Set<string>();
  for (const attachment of attachments) {
    const templateId = attachment.template_id;
    if (seen.has(templateId)) continue;
    seen.add(templateId);
    const template = Object.prototype.hasOwnProperty.call(templates, templateId)
      ? templates[templateId]
      : undefined;
    const templateSteps = stepsByTemplate.get(templateId) ?? [];
    if (!template && templateSteps.length === 0) continue;

    const templateName = typeof template?.name === 'string' ? template.name : '';
    const ownTimes = templateSteps.map((step) => hhmmToMinutes(step.turn_in_time));
    const reference =
      hhmmToMinutes(template?.turn_in_time) ?? ownTimes.find((t) => t !== null) ?? DEFAULT_TURN_IN_MINUTES;
    const override = hhmmToMinutes(attachment.override_turn_in_time);
    const shift = override === null ? 0 : override - reference;

    if (templateSteps.length === 0) {
      rows.push({
        ms: turnInAt(reference + shift) - walkMs,
        seq: rows.length,
        step: {
          template_id: templateId,
          template_step_id: null,
          template_name: templateName,
          name: templateName.trim() === '' ? UNNAMED_TEMPLATE_STEP_NAME : templateName,
          description: '',
        },
      });
      continue;
    }
    templateSteps.forEach((step, i) => {
      const minutesBefore = readMinutesBefore(step) ?? 0;
      rows.push({
        ms: turnInAt((ownTimes[i] ?? reference) + shift) - Math.round(minutesBefore * MINUTE_MS) - walkMs,
        seq: rows.length,
        step: {
          template_id: templateId,
          template_step_id: step.id,
          template_name: templateName,
          name: readStepName(step) ?? '',
          description: typeof step.description === 'string' ? step.description : '',
        },
      });
    });
  }

  rows.sort((a, b) => a.ms - b.ms || a.seq - b.seq);
  return rows.map(({ ms, step }) => ({ ...step, scheduled_at: new Date(ms).toISOString() }));
}
