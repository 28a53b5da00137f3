import { describe, expect, it } from 'vitest';
import { displayLocale } from './display-locale';

describe('displayLocale', () => {
  it('keeps an English locale, and writes another language in English with its region', () => {
    expect(displayLocale('en-US')).toBe('en-US');
    expect(displayLocale('en-GB')).toBe('en-GB');
    expect(displayLocale('de-DE')).toBe('en-DE');
  });

  it('falls back to English with the locale’s own clock where the region has no English form', () => {
    expect(['en-US', 'en-150']).toContain(displayLocale('ko'));
  });

  it('throws for a tag Intl refuses', () => {
    expect(() => displayLocale('not a locale!')).toThrow();
  });
});
