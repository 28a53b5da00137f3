import { describe, expect, it } from 'vitest';
import { hasDotSegment, upstreamFor } from './routing';

describe('upstreamFor', () => {
  it.each([
    ['/api/login', 'auth'],
    ['/api/auth/register', 'auth'],
    ['/api/me', 'auth'],
    ['/api/users', 'auth'],
    ['/api/users/3', 'auth'],
    ['/api/users/3/toggle-admin', 'auth'],
    ['/api/users/3/credits', 'licensing'],
    ['/api/users/3/credits/', 'licensing'],
    ['/api/users/3/licenses', 'licensing'],
    ['/api/users/3/licenses/9/revoke', 'licensing'],
    ['/api/users/3/licenses/9/restore', 'licensing'],
    ['/api/users/3/creditsx', 'auth'],
    ['/api/users/licenses', 'auth'],
    ['/api/users//credits', 'auth'],
    ['/api/admin/signup-events', 'auth'],
    ['/api/version', 'auth'],
    ['/api/promo-codes', 'licensing'],
    ['/api/promo-codes/redeem', 'licensing'],
    ['/api/licenses', 'licensing'],
    ['/api/licenses/codes', 'licensing'],
    ['/api/license/activate', 'licensing'],
    ['/api/push/me', 'notifier'],
    ['/api/auth', undefined],
    ['/api/license', undefined],
    ['/api/push', undefined],
    ['/api/admin', undefined],
    ['/api/meta', undefined],
    ['/api/loginx', undefined],
    ['/api', undefined],
  ])('%s -> %s', (path, upstream) => {
    expect(upstreamFor(path)).toBe(upstream);
  });

  it('spots dot segments, plain or encoded', () => {
    expect(hasDotSegment('/api/push/../users')).toBe(true);
    expect(hasDotSegment('/api/push/%2E%2e/users')).toBe(true);
    expect(hasDotSegment('/api/push/./me')).toBe(true);
    expect(hasDotSegment('/api/push/me.json')).toBe(false);
  });
});
