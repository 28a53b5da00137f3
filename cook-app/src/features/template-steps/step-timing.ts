// How a template step's timing reads on the Template steps screen (SPEC.md section 9, "Step schedule",
// on a day without walk time and without a turn-in override), and the order the steps happen in. Pure.
import {
  computeRunSchedule,
  formatWallTime,
  hhmmToMinutes,
  MINUTE_MS,
  minutesToHhMm,
  type ScheduleTemplate,
  type ScheduleTemplateStep,
} from '../../domain';

const DAY_MINUTES = 24 * 60;

/** Rounded to hundredths, so that stored fractions such as 0.1 + 0.2 read as 0.3. */
const hundredths = (n: number) => Math.round(n * 100) / 100;

/** A non-negative duration in minutes: '45 min', '2 h', '1 h 30 min', '0.5 min'. */
export function formatDuration(minutes: number): string {
  const total = hundredths(minutes);
  const hours = Math.floor(total / 60);
  const rest = hundredths(total - hours * 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** minutes_before_turn_in as words: '1 h 30 min before turn-in', 'at turn-in', '15 min after turn-in'. */
export function describeMinutesBefore(minutes: number): string {
  if (hundredths(Math.abs(minutes)) === 0) return 'at turn-in';
  return `${formatDuration(Math.abs(minutes))} ${minutes > 0 ? 'before' : 'after'} turn-in`;
}

/** A wall-clock time and the day it falls on, counted from the turn-in day (-1: the day before). */
export type WallClock = { time: string; dayOffset: number };

/**
 * The wall-clock time of a step: turn-in minus its minutes, in whole minutes rounded down (a clock shows
 * 09:29 until 09:30). The minutes are rounded to the millisecond first, as the run schedule does, so both
 * agree. Null when there is no turn-in time to count from.
 */
export function stepWallClock(turnIn: string | null, minutesBefore: number): WallClock | null {
  const turnInMinutes = hhmmToMinutes(turnIn);
  if (turnInMinutes === null || !Number.isFinite(minutesBefore)) return null;
  const atMs = turnInMinutes * MINUTE_MS - Math.round(minutesBefore * MINUTE_MS);
  const at = Math.floor(atMs / MINUTE_MS);
  return { time: minutesToHhMm(at), dayOffset: Math.floor(at / DAY_MINUTES) };
}

function dayWords(dayOffset: number): string {
  if (dayOffset === 0) return '';
  const direction = dayOffset < 0 ? 'before' : 'after';
  const days = Math.abs(dayOffset);
  return days === 1 ? ` the day ${direction}` : `, ${days} days ${direction}`;
}

/**
 * 'at 09:30', 'at 22:00 the day before', 'at 22:00, 2 days before', 'at 00:30 the day after', the time
 * in the locale's clock ('at 9:30 AM' en-US).
 */
export function describeWallClock({ time, dayOffset }: WallClock, locale: string): string {
  return `at ${formatWallTime(time, locale)}${dayWords(dayOffset)}`;
}

/**
 * The turn-in a step counts back from: its own turn_in_time when it has one, else the template's (the
 * precedence of the run schedule, domain/schedule.ts).
 */
export function stepTurnIn(
  step: { turn_in_time: string | null },
  templateTurnIn: string | null,
): string | null {
  return step.turn_in_time ?? templateTurnIn;
}

/** Any date: the order of a template's steps does not depend on the day (nor, in UTC, on DST). */
const ORDER_DAY = '2000-01-01';

/**
 * A template's steps in the order they happen on the day: by the time each is due, as the run schedule
 * computes it (domain/schedule.ts: the step's own turn_in_time, else the template's, minus
 * minutes_before_turn_in; a template without a turn-in counts from its first own time, else 12:00), on a
 * day without walk time or override. Steps due at the same time keep the order they are given in.
 */
export function stepsInDayOrder<S extends ScheduleTemplateStep>(
  steps: readonly S[],
  template: ScheduleTemplate,
): S[] {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const schedule = computeRunSchedule({
    contest: { id: '', contest_date: ORDER_DAY, walk_time_adjust_minutes: 0 },
    attachments: [{ template_id: template.id }],
    templates: { [template.id]: template },
    steps: steps.map((step) => ({ ...step, template_id: template.id })),
    timeZone: 'UTC',
  });
  return schedule.flatMap((row) => {
    const step = row.template_step_id === null ? undefined : byId.get(row.template_step_id);
    return step ? [step] : [];
  });
}
