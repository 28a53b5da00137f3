import { matchPath } from 'react-router-dom';

/** The routes behind the login gate (SPEC.md section 2), by the remote that renders them. */
export const cookPaths = [
  '/contests',
  '/contests/:id/steps',
  '/contests/:contestId/runs/:runId/steps',
  '/templates',
  '/templates/:id/steps',
  '/categories',
  '/settings',
  '/privacy',
  '/terms',
  '/about',
  '/promo',
] as const;

export const adminPaths = [
  '/admin/promo-codes',
  '/admin/licenses',
  '/admin/signup-events',
  '/admin/users',
  '/admin/diagnostics',
] as const;

export type ProtectedArea = 'cook' | 'admin';

/** Which remote renders a path, or null for a path that is not a route at all (not found). */
export function protectedArea(pathname: string): ProtectedArea | null {
  const matches = (patterns: readonly string[]) =>
    patterns.some((pattern) => matchPath(pattern, pathname) !== null);
  if (matches(cookPaths)) return 'cook';
  if (matches(adminPaths)) return 'admin';
  return null;
}
