// Wall-clock times and calendar dates of the cook-off day (SPEC.md sections 5 and 9). Pure: the clock and
// the time zone are parameters. Time-zone data comes from @date-fns/tz's `tzOffset` (Intl-backed); the
// wall-clock -> instant resolution is done here because TZDate's constructor resolves the repeated hour
// differently depending on the device's own zone (seen with the device in America/Chicago resolving
// 01:30 in America/New_York on 2026-11-01 to the second 01:30): see `instantOnDate` for the rule used.
import { tzOffset } from '@date-fns/tz/tzOffset';
import { parseTimeInput } from '@pitclock/design-system/time';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Walk-time adjustment (SPEC.md section 9): 0-20 minutes, step 1, default 0. */
export const WALK_TIME_MIN = 0;
export const WALK_TIME_MAX = 20;
export const WALK_TIME_DEFAULT = 0;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A typed or stored time as 24-hour 'HH:MM', or null. Accepts 'HH:MM', 'H:MM', 'HH:MM:SS' and 12-hour
 * entries ('7:05 PM', '7pm'): 12 AM = 00, PM adds 12 except 12 PM (SPEC.md section 5). Non-strings -> null.
 * The parser is the design-system's `parseTimeInput`, the one the time field uses.
 */
export function parseHhMm(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  return parseTimeInput(text);
}

/** Minutes since midnight of a time parseHhMm accepts, or null. */
export function hhmmToMinutes(text: unknown): number | null {
  const hhmm = parseHhMm(text);
  if (hhmm === null) return null;
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' of a minute count, wrapped into one day (-30 -> '23:30', 1500 -> '01:00'). */
export function minutesToHhMm(minutes: number): string {
  const m = ((Math.trunc(minutes) % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/**
 * b minus a in minutes, both read as times of the same day ('13:00', '14:30' -> 90; '14:30', '13:00' -> -90),
 * or null when either is not a time. No wrap-around: an override of '00:30' against '23:30' is -1380.
 */
export function minutesBetweenHhMm(a: unknown, b: unknown): number | null {
  const from = hhmmToMinutes(a);
  const to = hhmmToMinutes(b);
  return from === null || to === null ? null : to - from;
}

/**
 * SPEC.md section 5: the walk-time adjustment is an integer clamped to 0-20; non-numeric becomes 0.
 * Numbers and numeric strings are read with Number() (so '5 min' is non-numeric -> 0, '' -> 0) and
 * truncated toward zero, like the number field's integer step (7.9 -> 7, 20.9 -> 20, -3 -> 0).
 */
export function clampWalkTime(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value.trim());
  else return WALK_TIME_DEFAULT;
  if (!Number.isFinite(n)) return WALK_TIME_DEFAULT;
  return Math.min(WALK_TIME_MAX, Math.max(WALK_TIME_MIN, Math.trunc(n)));
}

/** [year, month 1-12, day] of a 'YYYY-MM-DD' (or an ISO string starting with one) that is a real date. */
export function parseYmd(text: unknown): [number, number, number] | null {
  if (typeof text !== 'string') return null;
  const m = YMD.exec(text.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** The 'YYYY-MM-DD' a value starts with when it is a real date ('2026-03-08T05:00:00Z' -> '2026-03-08'). */
export function normaliseYmd(text: unknown): string | null {
  const ymd = parseYmd(text);
  return ymd ? `${ymd[0]}-${pad2(ymd[1])}-${pad2(ymd[2])}` : null;
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no time zone involved). Throws RangeError on a non-date. */
export function addDaysYmd(dateYmd: string, days: number): string {
  const ymd = parseYmd(dateYmd);
  if (!ymd) throw new RangeError(`Not a date: ${dateYmd}`);
  return new Date(Date.UTC(ymd[0], ymd[1] - 1, ymd[2] + Math.trunc(days))).toISOString().slice(0, 10);
}

/** UTC offset in minutes of a zone at an instant; throws RangeError for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, epochMs: number): number {
  const offset = tzOffset(timeZone, new Date(epochMs));
  if (!Number.isFinite(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return offset;
}

/** The calendar date ('YYYY-MM-DD') of an instant in a zone ("today" with the clock as a parameter). */
export function ymdInZone(epochMs: number, timeZone: string): string {
  return new Date(epochMs + zoneOffsetMinutes(timeZone, epochMs) * MINUTE_MS).toISOString().slice(0, 10);
}

/** The wall-clock 'HH:MM' of an instant in a zone. */
export function hhmmInZone(epochMs: number, timeZone: string): string {
  return new Date(epochMs + zoneOffsetMinutes(timeZone, epochMs) * MINUTE_MS).toISOString().slice(11, 16);
}

/**
 * The instant (epoch ms) at which a zone's clocks show `minuteOfDay` minutes after midnight of the given
 * date; minuteOfDay may fall outside 0-1439 (it rolls into the previous or next day on the wall clock).
 *
 * Daylight-saving rule (the same as Temporal's 'compatible' disambiguation):
 * - a wall time that does not exist (spring-forward gap) is read with the offset in force before the
 *   gap, which lands after it, shifted by the gap: 02:30 on 2026-03-08 in America/Chicago -> 03:30 CDT;
 * - a wall time that happens twice (fall-back) is the first occurrence: 01:30 on 2026-11-01 in
 *   America/Chicago -> 01:30 CDT (06:30Z), not 01:30 CST.
 * Assumes at most one offset change within a day either side, which holds for every IANA zone.
 */
export function instantAtWallMinute(
  ymd: readonly [number, number, number],
  minuteOfDay: number,
  timeZone: string,
): number {
  return createWallClockResolver(timeZone)(ymd, minuteOfDay);
}

/**
 * instantAtWallMinute for one zone, with the zone's offsets cached by hour: for resolving many times
 * (a run schedule) at a few Intl calls per distinct hour instead of several per step.
 */
export function createWallClockResolver(
  timeZone: string,
): (ymd: readonly [number, number, number], minuteOfDay: number) => number {
  const hourly = new Map<number, number>();
  // The offset somewhere in the hour holding `ms`: enough for "about a day before / after".
  const offsetNear = (ms: number) => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = hourly.get(hour);
    if (offset === undefined) {
      offset = zoneOffsetMinutes(timeZone, hour * HOUR_MS);
      hourly.set(hour, offset);
    }
    return offset;
  };
  return (ymd, minuteOfDay) => {
    const wall = Date.UTC(ymd[0], ymd[1] - 1, ymd[2]) + minuteOfDay * MINUTE_MS;
    const before = offsetNear(wall - DAY_MS);
    const after = offsetNear(wall + DAY_MS);
    const withBefore = wall - before * MINUTE_MS;
    if (before === after) return withBefore;
    const withAfter = wall - after * MINUTE_MS;
    const beforeHolds = zoneOffsetMinutes(timeZone, withBefore) === before;
    const afterHolds = zoneOffsetMinutes(timeZone, withAfter) === after;
    if (beforeHolds && afterHolds) return Math.min(withBefore, withAfter);
    if (afterHolds) return withAfter;
    return withBefore; // valid with the earlier offset, or in the gap: read with the pre-gap offset
  };
}

/** instantAtWallMinute for a 'YYYY-MM-DD' and a time parseHhMm accepts; throws RangeError on bad input. */
export function instantOnDate(dateYmd: string, hhmm: string, timeZone: string): number {
  const ymd = parseYmd(dateYmd);
  const minutes = hhmmToMinutes(hhmm);
  if (!ymd) throw new RangeError(`Not a date: ${dateYmd}`);
  if (minutes === null) throw new RangeError(`Not a time: ${hhmm}`);
  return instantAtWallMinute(ymd, minutes, timeZone);
}

/**
 * A wall-clock time on a date in an IANA zone as an ISO-8601 UTC string, DST-correct (rules at
 * instantAtWallMinute: a time in the spring-forward gap moves past it, a repeated time is the first).
 * isoOnDate('2026-03-08', '02:30', 'America/Chicago') -> '2026-03-08T08:30:00.000Z' (03:30 CDT).
 */
export function isoOnDate(dateYmd: string, hhmm: string, timeZone: string): string {
  return new Date(instantOnDate(dateYmd, hhmm, timeZone)).toISOString();
}

/** Epoch ms of an ISO / date-time string, or null when unreadable. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

/** An instant moved by whole or fractional minutes (elapsed time), as ISO UTC. Throws RangeError when unreadable. */
export function shiftMinutes(iso: string, minutes: number): string {
  const ms = parseInstant(iso);
  if (ms === null || !Number.isFinite(minutes)) throw new RangeError(`Cannot shift ${iso} by ${minutes}`);
  return new Date(ms + Math.round(minutes * MINUTE_MS)).toISOString();
}
