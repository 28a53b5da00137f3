import { describe, expect, it } from 'vitest';
import { alertBody, alertTitle, hhmmInZone } from './alert-text';

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
});
