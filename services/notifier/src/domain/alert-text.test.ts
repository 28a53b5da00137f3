import { describe, expect, it } from 'vitest';
import { alertBody, alertTitle, hhmmInZone, timeInZone } from './alert-text';

const due = new Date('2026-06-13T14:05:00Z');

describe('alert texts (the same as the in-app alerts)', () => {
  it("the title is 'PitClock - {step}'", () => {
    expect(alertTitle('Trim brisket')).toBe('PitClock - Trim brisket');
  });

  it("the body is '{stage} · {template} · due HH:MM' in the schedule's time zone", () => {
    expect(
      alertBody({ stage: 'due-now', templateName: 'Ribs', dueAt: due, timeZone: 'America/Chicago' }),
    ).toBe('Due now · Ribs · due 09:05');
    expect(
      alertBody({ stage: 'overdue', templateName: ' Pork ', dueAt: due, timeZone: 'Europe/Berlin' }),
    ).toBe('Overdue · Pork · due 16:05');
  });

  it('leaves the template part out when it is empty, and uses UTC without a time zone', () => {
    expect(alertBody({ stage: 'due-now', templateName: '', dueAt: due })).toBe('Due now · due 14:05');
    expect(alertBody({ stage: 'overdue', templateName: '   ', dueAt: due, timeZone: null })).toBe(
      'Overdue · due 14:05',
    );
    expect(alertBody({ stage: 'overdue', dueAt: due })).toBe('Overdue · due 14:05');
  });

  it('HH:MM is 24-hour with leading zeros, and follows daylight saving time', () => {
    expect(hhmmInZone(new Date('2026-01-01T00:07:00Z'), 'UTC')).toBe('00:07');
    expect(hhmmInZone(new Date('2026-03-08T07:30:00Z'), 'America/Chicago')).toBe('01:30');
    expect(hhmmInZone(new Date('2026-03-08T08:30:00Z'), 'America/Chicago')).toBe('03:30');
    expect(hhmmInZone(new Date('2026-07-01T23:59:00Z'), 'Asia/Kolkata')).toBe('05:29');
  });

  it("writes the due time in the schedule's locale, as the in-app alert does", () => {
    const at = new Date('2026-06-13T18:55:00Z');
    expect(
      alertBody({
        stage: 'due-now',
        templateName: 'Ribs',
        dueAt: at,
        timeZone: 'America/Chicago',
        locale: 'en-US',
      }),
    ).toBe('Due now · Ribs · due 1:55 PM');
    expect(alertBody({ stage: 'overdue', dueAt: at, timeZone: 'Europe/London', locale: 'en-GB' })).toBe(
      'Overdue · due 19:55',
    );
    expect(alertBody({ stage: 'due-now', dueAt: at, timeZone: 'America/Chicago', locale: null })).toBe(
      'Due now · due 13:55',
    );
  });

  it('a locale of another language keeps its clock but English words (the cook-app displayLocale rule)', () => {
    const at = new Date('2026-06-13T13:55:00Z');
    expect(timeInZone(at, 'UTC', 'de-DE')).toBe('13:55');
    expect(timeInZone(at, 'UTC', 'ko-KR')).toBe('1:55 PM');
    expect(timeInZone(at, 'UTC', 'en-AU')).toMatch(/^1:55 pm$/i);
  });

  it('falls back to 24-hour HH:MM for a locale Intl cannot read, never throwing', () => {
    const at = new Date('2026-06-13T13:55:00Z');
    for (const locale of ['en-US-u', 'en_US', '', '!!', 'x'.repeat(200)])
      expect(timeInZone(at, 'UTC', locale), locale).toBe('13:55');
    expect(alertBody({ stage: 'due-now', dueAt: at, locale: 'en-US-u' })).toBe('Due now · due 13:55');
  });
});
