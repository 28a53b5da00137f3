const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const TWELVE_HOUR = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?\s*(?:m\.?)?$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Parses what a person typed into a time field and returns 24-hour 'HH:MM', or null when it is not
 * a time. Accepts 'H:MM' / 'HH:MM' (00:00-23:59) and 12-hour entries with AM/PM ('7:05 PM', '7:05pm',
 * '7 pm', '7:05 a.m.'), converted per SPEC.md section 5: 12 AM = 00, PM adds 12 except 12 PM.
 * Seconds (as produced by some native time inputs, 'HH:MM:SS') are accepted and dropped.
 */
export function parseTimeInput(text: string): string | null {
  const trimmed = text.trim();
  const h24 = TWENTY_FOUR_HOUR.exec(trimmed);
  if (h24) {
    const hours = Number(h24[1]);
    const minutes = Number(h24[2]);
    if (hours > 23 || minutes > 59 || !validSeconds(h24[3])) return null;
    return `${pad(hours)}:${pad(minutes)}`;
  }
  const h12 = TWELVE_HOUR.exec(trimmed);
  if (h12) {
    const hour12 = Number(h12[1]);
    const minutes = h12[2] === undefined ? 0 : Number(h12[2]);
    if (hour12 < 1 || hour12 > 12 || minutes > 59 || !validSeconds(h12[3])) return null;
    const pm = h12[4]?.toLowerCase() === 'p';
    const hours = (hour12 % 12) + (pm ? 12 : 0);
    return `${pad(hours)}:${pad(minutes)}`;
  }
  return null;
}

function validSeconds(seconds: string | undefined): boolean {
  return seconds === undefined || Number(seconds) <= 59;
}

/** Formats 'HH:MM' (24-hour) as a 12-hour string such as '7:05 PM'; returns null for invalid input. */
export function formatTime12h(hhmm: string): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${pad(minutes)} ${suffix}`;
}
