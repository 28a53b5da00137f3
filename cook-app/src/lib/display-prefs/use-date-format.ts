import { useMemo } from 'react';
import {
  formatClock,
  formatClockNear,
  formatClockToday,
  formatContestDate,
  formatDate,
  formatDateTime,
  formatDayClock,
  formatDayLabel,
  formatNumericDate,
} from '../../domain/day-format';
import { useLocale } from './locale';

/** The device's IANA time zone (UTC when the browser tells none). */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The domain's date and time formatting bound to the reader's locale (useLocale), so that a call site
 * reads `format.clock(ms, zone)`. The time zone and "now" stay arguments.
 */
export function useDateFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      /** '1:55 PM' (en-US), '13:55' (en-GB). */
      clock: (ms: number, timeZone: string) => formatClock(ms, timeZone, locale),
      /** 'Sat 9:55 AM', 'Sat 09:55'. */
      dayClock: (ms: number, timeZone: string) => formatDayClock(ms, timeZone, locale),
      /** The time, with its day when not within 24 h of now. */
      clockNear: (ms: number, nowMs: number, timeZone: string) =>
        formatClockNear(ms, nowMs, timeZone, locale),
      /** The time, with its day when not on today's date. */
      clockToday: (ms: number, nowMs: number, timeZone: string) =>
        formatClockToday(ms, nowMs, timeZone, locale),
      /** 'Sat, Nov 28', 'Sat 28 Nov'. */
      dayLabel: (ms: number, timeZone: string) => formatDayLabel(ms, timeZone, locale),
      /** A 'YYYY-MM-DD' as 'Nov 26, 2026', '26 Nov 2026'; null when not a date. */
      date: (ymd: unknown) => formatDate(ymd, locale),
      /** A 'YYYY-MM-DD' as 'Thu, Nov 26, 2026'; null when not a date. */
      contestDate: (ymd: unknown) => formatContestDate(ymd, locale),
      /** '11/26/2026', '26/11/2026'. */
      numericDate: (ms: number, timeZone: string) => formatNumericDate(ms, timeZone, locale),
      /** 'Nov 26, 2026, 1:55 PM', '26 Nov 2026, 13:55'. */
      dateTime: (ms: number, timeZone: string) => formatDateTime(ms, timeZone, locale),
    }),
    [locale],
  );
}

export type DateFormat = ReturnType<typeof useDateFormat>;
