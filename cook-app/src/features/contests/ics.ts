// RFC 5545 calendar of a cook-off's schedule: one VEVENT per step. Pure: the stamp time is a parameter.

export type IcsStep = {
  /** Stable id of the step (run step id, or contest + template step / template id). */
  uid: string;
  name: string;
  template_name: string;
  description: string;
  scheduled_at: string /* ISO UTC */;
};

export type IcsOptions = { calendarName: string; nowMs: number; durationMinutes?: number };

const CRLF = '\r\n';

/** '2026-06-01T15:00:00.000Z' -> '20260601T150000Z'. */
export function icsUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (backslash, semicolon, comma, newline). */
export function icsEscape(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line (UTF-8), continuation lines start with a space. */
export function icsFold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The .ics text (CRLF line endings, folded lines); steps without a readable time are left out. */
export function buildIcs(steps: readonly IcsStep[], options: IcsOptions): string {
  const stamp = icsUtc(options.nowMs);
  const duration = Math.max(1, Math.round(options.durationMinutes ?? 5));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//PitClock//Cook-off timeline//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsEscape(options.calendarName)}`,
  ];
  for (const step of steps) {
    const ms = Date.parse(step.scheduled_at);
    if (Number.isNaN(ms)) continue;
    const description = [step.template_name, step.description].filter((t) => t.trim() !== '').join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsEscape(step.uid)}@pitclock`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsUtc(ms)}`,
      `DURATION:PT${duration}M`,
      `SUMMARY:${icsEscape(step.name)}`,
      `DESCRIPTION:${icsEscape(description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(icsFold).join(CRLF) + CRLF;
}

/** A file name for the calendar: the cook-off's name and date, safe for every file system. */
export function icsFileName(name: string, date: string): string {
  const safe = name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|(?<!-)-+$/g, '') || 'cook-off';
  return `PitClock-${safe}-${date}.ics`;
}
