import { describe, expect, it } from 'vitest';
import { buildIcs, icsEscape, icsFileName, icsFold, icsUtc } from './ics';

const NOW = Date.parse('2026-06-01T15:00:00.000Z');
const step = {
  uid: 'c1-s1',
  name: 'Inject brisket',
  template_name: 'Brisket',
  description: 'Beef broth; 1 cup, then rest',
  scheduled_at: '2026-06-06T01:30:00.000Z',
};

describe('buildIcs', () => {
  it('writes one VEVENT per step with a stable UID, DTSTART in UTC, SUMMARY and DESCRIPTION', () => {
    const text = buildIcs([step, { ...step, uid: 'c1-s2', name: 'Wrap' }], {
      calendarName: 'Smoke on the Water',
      nowMs: NOW,
    });
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('UID:c1-s1@pitclock\r\n');
    expect(text).toContain('DTSTART:20260606T013000Z\r\n');
    expect(text).toContain('DTSTAMP:20260601T150000Z\r\n');
    expect(text).toContain('SUMMARY:Inject brisket\r\n');
    expect(text).toContain('DESCRIPTION:Brisket\\nBeef broth\\; 1 cup\\, then rest\r\n');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('uses CRLF line endings only, and no line is longer than 75 octets', () => {
    const text = buildIcs([{ ...step, description: 'é'.repeat(200) }], { calendarName: 'X', nowMs: NOW });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('gives the same UID for the same step on every export', () => {
    const a = buildIcs([step], { calendarName: 'X', nowMs: NOW });
    const b = buildIcs([step], { calendarName: 'X', nowMs: NOW + 60_000 });
    expect(a.match(/UID:.*/)?.[0]).toBe(b.match(/UID:.*/)?.[0]);
  });

  it('leaves out steps without a readable time', () => {
    const text = buildIcs([{ ...step, scheduled_at: 'nope' }], { calendarName: 'X', nowMs: NOW });
    expect(text).not.toContain('BEGIN:VEVENT');
  });
});

describe('ics helpers', () => {
  it('formats UTC instants, escapes text and folds long lines with a leading space', () => {
    expect(icsUtc(NOW)).toBe('20260601T150000Z');
    expect(icsEscape('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = icsFold(`SUMMARY:${'x'.repeat(100)}`);
    expect(folded.split('\r\n')).toHaveLength(2);
    expect(folded.split('\r\n')[1]?.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'x'.repeat(100)}`);
    expect(icsFileName('Smoke & Fire!', '2026-06-06')).toBe('PitClock-Smoke-Fire-2026-06-06.ics');
  });
});
