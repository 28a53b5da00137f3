// The contest clock (beyond SPEC.md): the official clock shown at the cooks' meeting, kept as an offset
// from this device's clock, so that every due time, countdown and alert of that cook-off follows it.
import { readNumber } from './readers';
import { hhmmToMinutes, instantAtWallMinute, MINUTE_MS, parseYmd, ymdInZone } from './time';
import { optionalTime, VALIDATION_MESSAGES, type Validated } from './validation';

const HALF_DAY_MS = 12 * 60 * MINUTE_MS;
const DAY_MS = 2 * HALF_DAY_MS;

/**
 * The offset of the official clock from this device's, in whole minutes: the team types the time the
 * official clock shows now (HH:MM, 12-hour accepted), read as the nearest such wall-clock time within
 * 12 hours of now in `timeZone`, and compared with the minute this device shows (the typed time has no
 * seconds, so both clocks are taken to turn their minutes together).
 */
export function contestClockOffset(shown: unknown, nowMs: number, timeZone: string): Validated<number> {
  const minutes = hhmmToMinutes(shown);
  const today = parseYmd(ymdInZone(nowMs, timeZone));
  if (minutes === null || today === null) return { ok: false, error: VALIDATION_MESSAGES.customTimeInvalid };
  const deviceMinute = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  let offset = instantAtWallMinute(today, minutes, timeZone) - deviceMinute;
  while (offset > HALF_DAY_MS) offset -= DAY_MS;
  while (offset <= -HALF_DAY_MS) offset += DAY_MS;
  return { ok: true, value: offset };
}

/** The time typed as the official clock's: blank goes back to the phone clock (null); otherwise HH:MM. */
export const contestClockTimeSchema = optionalTime(VALIDATION_MESSAGES.customTimeInvalid);

/** "Now" on a cook-off's contest clock: this device's now plus the cook-off's offset (0 when unset). */
export function contestNow(contest: { clock_offset_ms?: unknown } | null | undefined, nowMs: number): number {
  return nowMs + (readNumber(contest?.clock_offset_ms) ?? 0);
}
