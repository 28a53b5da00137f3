// Times that read right across midnight and over several days (issue 18, part 4): a clock time carries its
// day when it is not near now ('Sat 09:55'), long durations read in days and hours ('2 d 3 h'), and the
// step list labels its days ('Sat 28 Nov'). Pure: the clock and the time zone are parameters. Wall-clock
// times and dates come from time.ts; weekday and month names from Intl, 'en-US', with an explicit zone.
import { DAY_MS, HOUR_MS, hhmmInZone, MINUTE_MS, parseYmd, ymdInZone } from './time';

const DAY_SECONDS = DAY_MS / 1000;
const pad2 = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One cached 'en-US' formatter per set of options (formatters are costly to build; lists tick every second). */
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, found);
  }
  return found;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** The short weekday ('Sat') of an instant in a zone. */
function weekdayInZone(epochMs: number, timeZone: string): string {
  return formatter(`weekday ${timeZone}`, { weekday: 'short', timeZone }).format(epochMs);
}

/** 'Sat 09:55': the short weekday and 24-hour wall-clock time of an instant in a zone. */
export function formatDayClock(epochMs: number, timeZone: string): string {
  return `${weekdayInZone(epochMs, timeZone)} ${hhmmInZone(epochMs, timeZone)}`;
}

/** 'HH:MM' when the instant is less than 24 h from now (either side), else with its day ('Sat 09:55'). */
export function formatClockNear(epochMs: number, nowMs: number, timeZone: string): string {
  return Math.abs(epochMs - nowMs) < DAY_MS
    ? hhmmInZone(epochMs, timeZone)
    : formatDayClock(epochMs, timeZone);
}

/** 'HH:MM' when the instant is on now's date in the zone, else with its day ('Sat 09:55'). */
export function formatClockToday(epochMs: number, nowMs: number, timeZone: string): string {
  return ymdInZone(epochMs, timeZone) === ymdInZone(nowMs, timeZone)
    ? hhmmInZone(epochMs, timeZone)
    : formatDayClock(epochMs, timeZone);
}

/**
 * A length of time in whole minutes (rounded down; a negative span reads as its length): 'N min' under an
 * hour, 'H h M min' under a day, 'D d H h' from a day on; a zero part is left out ('12 h', '3 d').
 */
export function formatSpan(spanMs: number): string {
  const minutes = Math.floor(Math.abs(spanMs) / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < DAY_MS / MINUTE_MS) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(minutes / (DAY_MS / MINUTE_MS));
  const h = Math.floor((minutes % (DAY_MS / MINUTE_MS)) / (HOUR_MS / MINUTE_MS));
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}

/** Whole seconds as 'M:SS', or 'H:MM:SS' from one hour on. */
export function formatSeconds(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${minutes}:${pad2(seconds)}`;
}

/**
 * The time to (or since) a due instant: overdue strictly after it. Under 24 h the seconds countdown
 * ('1:05:30', seconds rounded up before the due time so it reads '0:00' only at the due instant, down
 * after); from 24 h on days and hours ('2 d 3 h', formatSpan).
 */
export function countdownParts(dueMs: number, nowMs: number): { overdue: boolean; text: string } {
  const diff = dueMs - nowMs;
  const overdue = diff < 0;
  const seconds = overdue ? Math.floor(-diff / 1000) : Math.ceil(diff / 1000);
  return {
    overdue,
    text: seconds < DAY_SECONDS ? formatSeconds(seconds) : formatSpan(seconds * 1000),
  };
}

/** A day heading: 'Sat 28 Nov', the instant's date in the zone. */
export function formatDayLabel(epochMs: number, timeZone: string): string {
  const parts = formatter(`day ${timeZone}`, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).formatToParts(epochMs);
  return `${part(parts, 'weekday')} ${part(parts, 'day')} ${part(parts, 'month')}`;
}

/** A contest date 'YYYY-MM-DD' as 'Sat, Nov 28, 2026' (a calendar date: no zone shifts it); null when not a date. */
export function formatContestDate(dateYmd: unknown): string | null {
  const ymd = parseYmd(dateYmd);
  if (!ymd) return null;
  const date = new Date(0);
  date.setUTCFullYear(ymd[0], ymd[1] - 1, ymd[2]);
  return formatter('contest-date', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
