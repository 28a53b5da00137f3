// The US date a licence expiry reads in ('12/26/2026'). Pure: the time zone is a parameter.
import { ymdInZone } from '../../domain';

/** The calendar date of `epochMs` in `timeZone` as MM/DD/YYYY. */
export function usDate(epochMs: number, timeZone: string): string {
  const [year, month, day] = ymdInZone(epochMs, timeZone).split('-');
  return `${month}/${day}/${year}`;
}
