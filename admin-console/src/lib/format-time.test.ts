import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from './format-time';

describe('formatLocalDateTime', () => {
  it('shows an instant in local date and time', () => {
    const iso = '2026-06-01T15:30:00.000Z';
    expect(formatLocalDateTime(iso)).toBe(
      new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });

  it('answers the fallback for an empty or unreadable instant', () => {
    expect(formatLocalDateTime(null, 'Never')).toBe('Never');
    expect(formatLocalDateTime('', 'Never')).toBe('Never');
    expect(formatLocalDateTime('soon', '?')).toBe('?');
  });
});
