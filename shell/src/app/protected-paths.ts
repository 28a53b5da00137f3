import { matchPath } from 'react-router-dom';
import { ADMIN_SCREENS, COOK_SCREENS } from '@pitclock/contracts/screens';

/**
 * The routes behind the login gate (SPEC.md section 2), by the remote that renders them: the screens
 * the remotes declare in contracts (every one of them is behind the gate).
 */
export const cookPaths: readonly string[] = COOK_SCREENS.map((screen) => screen.path);

export const adminPaths: readonly string[] = ADMIN_SCREENS.map((screen) => screen.path);

export type ProtectedArea = 'cook' | 'admin';

/** Which remote renders a path, or null for a path that is not a route at all (not found). */
export function protectedArea(pathname: string): ProtectedArea | null {
  const matches = (patterns: readonly string[]) =>
    patterns.some((pattern) => matchPath(pattern, pathname) !== null);
  if (matches(cookPaths)) return 'cook';
  if (matches(adminPaths)) return 'admin';
  return null;
}
