import { describe, expect, it } from 'vitest';
import { PAGE_LIMITS } from '@pitclock/contracts/schemas';
import { countText } from './count-text';

const users = { one: 'user', other: 'users' };

describe('countText', () => {
  it('counts in the singular for one and the plural otherwise, with thousands separated', () => {
    expect(countText(0, true, users)).toBe('0 users');
    expect(countText(1, true, users)).toBe('1 user');
    expect(countText(1234, true, users)).toBe('1,234 users');
  });

  it("says '10,000+' when the server stopped counting at its cap", () => {
    expect(countText(PAGE_LIMITS.totalCap, false, users)).toBe('10,000+ users');
  });
});
