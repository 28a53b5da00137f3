import { describe, expect, it } from 'vitest';
import { isOpenToVisitors, protectedArea } from './protected-paths';

describe('protectedArea: which remote renders a signed-in path (the screens declared in contracts)', () => {
  it.each([
    '/contests',
    '/contests/3/steps',
    '/contests/3/runs/9/steps',
    '/templates',
    '/templates/7/steps',
    '/categories',
    '/settings',
    '/privacy',
    '/terms',
    '/about',
    '/promo',
  ])('%s is a cook-app route', (path) => {
    expect(protectedArea(path)).toBe('cook');
  });

  it.each([
    '/admin/promo-codes',
    '/admin/licenses',
    '/admin/signup-events',
    '/admin/users',
    '/admin/diagnostics',
  ])('%s is an admin-console route', (path) => {
    expect(protectedArea(path)).toBe('admin');
  });

  it.each(['/nowhere', '/contests/3', '/templates/7/steps/1', '/admin', '/admin/nowhere'])(
    '%s is no route at all (not found)',
    (path) => {
      expect(protectedArea(path)).toBeNull();
    },
  );
});

describe('isOpenToVisitors: the screens readable before signing up', () => {
  it.each(['/terms', '/privacy', '/terms/'])('%s needs no account', (path) => {
    expect(isOpenToVisitors(path)).toBe(true);
  });

  it.each(['/contests', '/settings', '/admin/users', '/terms/other', '/'])('%s does', (path) => {
    expect(isOpenToVisitors(path)).toBe(false);
  });
});
