import { describe, expect, it } from 'vitest';
import { usDate } from './us-date';

describe('usDate', () => {
  it('reads an instant as MM/DD/YYYY on the calendar of the given zone', () => {
    expect(usDate(Date.parse('2026-12-26T18:00:00Z'), 'UTC')).toBe('12/26/2026');
    expect(usDate(Date.parse('2027-01-05T03:00:00Z'), 'UTC')).toBe('01/05/2027');
    // 03:00 UTC is still the evening before in Chicago.
    expect(usDate(Date.parse('2027-01-05T03:00:00Z'), 'America/Chicago')).toBe('01/04/2027');
  });
});
