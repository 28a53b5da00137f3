// Times that read right across midnight and over several days (issue 18, part 4): a clock time carries its
// day when it is not near now ('Sat 09:55'), long durations read in days and hours ('2 d 3 h'), and the
// step list labels its days ('Sat 28 Nov'). Dates and times in the reader's locale (issue 21, part 5):
// every formatting function takes a BCP 47 locale ('en-US' reads 'Sat 9:55 AM' and 'Nov 28, 2026',
// 'en-GB' 'Sat 09:55' and '28 Nov 2026'); the app's words are English, so a locale of another language
// is written in English with its region's conventions (displayLocale). Without a locale a function
// gives the fixed form of before (24-hour 'HH:MM', en-US weekday names, 'YYYY-MM-DD'), for the call
// sites that do not pass one yet. Pure: the clock, the time zone and the locale are parameters.
import { displayLocale as sharedDisplayLocale } from '@pitclock/contracts/display-locale';
import { DAY_MS, HOUR_MS, hhmmInZone, MINUTE_MS, parseYmd, ymdInZone } from './time';

const DAY_SECONDS = DAY_MS / 1000;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The locale of the fixed form's weekday and month names. */
const FIXED_NAMES_LOCALE = 'en-US';

/**
 * The locale the app writes dates and times in for a reader's locale (contracts' displayLocale: English,
 * with the reader's region's conventions); an unreadable locale gives 'en-US'.
 */
export function displayLocale(locale: string): string {
  try {
    return sharedDisplayLocale(locale);
  } catch {
    return 'en-US';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One cached formatter per locale and set of options (formatters are costly to build; lists tick every second). */
function formatter(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${key}`;
  let found = formatters.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(id, found);
  }
  return found;
}

/**
 * Intl's text with the narrow no-break spaces some engines put before AM/PM and between parts made
 * plain spaces (so that a text reads, searches and compares the same on every browser).
 */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** The short weekday ('Sat') of an instant in a zone. */
function weekdayInZone(epochMs: number, timeZone: string, locale = FIXED_NAMES_LOCALE): string {
  return plain(formatter(locale, `weekday ${timeZone}`, { weekday: 'short', timeZone }).format(epochMs));
}

/**
 * The wall-clock time of an instant in a zone: the locale's short time ('9:55 AM' en-US, '09:55'
 * en-GB), or 24-hour 'HH:MM' without a locale.
 */
export function formatClock(epochMs: number, timeZone: string, locale?: string): string {
  if (locale === undefined) return hhmmInZone(epochMs, timeZone);
  return plain(
    formatter(displayLocale(locale), `time ${timeZone}`, { timeStyle: 'short', timeZone }).format(epochMs),
  );
}

/** The short weekday and the time of an instant in a zone: 'Sat 9:55 AM' (en-US), 'Sat 09:55' (en-GB, and without a locale). */
export function formatDayClock(epochMs: number, timeZone: string, locale?: string): string {
  const names = locale === undefined ? FIXED_NAMES_LOCALE : displayLocale(locale);
  return `${weekdayInZone(epochMs, timeZone, names)} ${formatClock(epochMs, timeZone, locale)}`;
}

/** The time alone when the instant is less than 24 h from now (either side), else with its day ('Sat 09:55'). */
export function formatClockNear(epochMs: number, nowMs: number, timeZone: string, locale?: string): string {
  return Math.abs(epochMs - nowMs) < DAY_MS
    ? formatClock(epochMs, timeZone, locale)
    : formatDayClock(epochMs, timeZone, locale);
}

/** The time alone when the instant is on now's date in the zone, else with its day ('Sat 09:55'). */
export function formatClockToday(epochMs: number, nowMs: number, timeZone: string, locale?: string): string {
  return ymdInZone(epochMs, timeZone) === ymdInZone(nowMs, timeZone)
    ? formatClock(epochMs, timeZone, locale)
    : formatDayClock(epochMs, timeZone, locale);
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

/**
 * A day heading, the instant's date in the zone: 'Sat, Nov 28' (en-US), 'Sat 28 Nov' (en-GB, and
 * without a locale).
 */
export function formatDayLabel(epochMs: number, timeZone: string, locale?: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone };
  if (locale !== undefined)
    return plain(formatter(displayLocale(locale), `day ${timeZone}`, options).format(epochMs));
  const parts = formatter(FIXED_NAMES_LOCALE, `day ${timeZone}`, options).formatToParts(epochMs);
  return `${part(parts, 'weekday')} ${part(parts, 'day')} ${part(parts, 'month')}`;
}

/** A calendar date 'YYYY-MM-DD' as a Date at UTC midnight (format it in UTC: no zone shifts a date); null when not a date. */
function calendarDate(dateYmd: unknown): Date | null {
  const ymd = parseYmd(dateYmd);
  if (!ymd) return null;
  const date = new Date(0);
  date.setUTCFullYear(ymd[0], ymd[1] - 1, ymd[2]);
  return date;
}

/**
 * A contest date 'YYYY-MM-DD' with its weekday: 'Sat, Nov 28, 2026' (en-US, and without a locale),
 * 'Sat, 28 Nov 2026' (en-GB). A calendar date: no zone shifts it. Null when not a date.
 */
export function formatContestDate(dateYmd: unknown, locale?: string): string | null {
  const date = calendarDate(dateYmd);
  if (!date) return null;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  };
  return plain(
    formatter(
      locale === undefined ? FIXED_NAMES_LOCALE : displayLocale(locale),
      'contest-date',
      options,
    ).format(date),
  );
}

/**
 * A calendar date 'YYYY-MM-DD' in the locale's medium form: 'Nov 28, 2026' (en-US), '28 Nov 2026'
 * (en-GB); 'YYYY-MM-DD' without a locale. Null when not a date.
 */
export function formatDate(dateYmd: unknown, locale?: string): string | null {
  const date = calendarDate(dateYmd);
  if (!date) return null;
  if (locale === undefined) return date.toISOString().slice(0, 10);
  return plain(
    formatter(displayLocale(locale), 'date', { dateStyle: 'medium', timeZone: 'UTC' }).format(date),
  );
}

/**
 * The date of an instant in a zone in the locale's numeric form: '11/28/2026' (en-US), '28/11/2026'
 * (en-GB); 'YYYY-MM-DD' without a locale.
 */
export function formatNumericDate(epochMs: number, timeZone: string, locale?: string): string {
  if (locale === undefined) return ymdInZone(epochMs, timeZone);
  return plain(
    formatter(displayLocale(locale), `numeric-date ${timeZone}`, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone,
    }).format(epochMs),
  );
}

/**
 * An instant's date and time in a zone: 'Nov 28, 2026, 9:55 AM' (en-US), '28 Nov 2026, 09:55'
 * (en-GB); 'YYYY-MM-DD HH:MM' without a locale.
 */
export function formatDateTime(epochMs: number, timeZone: string, locale?: string): string {
  if (locale === undefined) return `${ymdInZone(epochMs, timeZone)} ${hhmmInZone(epochMs, timeZone)}`;
  return plain(
    formatter(displayLocale(locale), `date-time ${timeZone}`, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(epochMs),
  );
}

/** A wall-clock 'HH:MM' (a time of day, no instant: an hour of a site's forecast) as a Date at that UTC time. */
function wallClock(hhmm: string): Date | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? new Date(Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2]))) : null;
}

/**
 * A wall-clock time 'HH:MM' in the locale's short time: '1:00 PM' (en-US), '13:00' (en-GB); as given
 * without a locale or when it is not a time.
 */
export function formatWallTime(hhmm: string, locale?: string): string {
  const at = wallClock(hhmm);
  if (locale === undefined || at === null) return hhmm;
  return plain(
    formatter(displayLocale(locale), 'wall-time', { timeStyle: 'short', timeZone: 'UTC' }).format(at),
  );
}

/** The hour of a wall-clock 'HH:MM' for an axis: '1 PM' (en-US), '13' (en-GB); 'HH' without a locale. */
export function formatWallHour(hhmm: string, locale?: string): string {
  const at = wallClock(hhmm);
  if (locale === undefined || at === null) return hhmm.slice(0, 2);
  return plain(
    formatter(displayLocale(locale), 'wall-hour', { hour: 'numeric', timeZone: 'UTC' }).format(at),
  );
}
