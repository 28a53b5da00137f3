import { matchPath } from 'react-router-dom';
import { ADMIN_SCREENS, COOK_SCREENS, VISITOR_SCREEN_PATHS } from '@pitclock/contracts/screens';

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

/**
 * Cook-app screens a visitor may read before signing up (issue 21): Terms and Privacy, linked from the
 * welcome page and the sign-up form. Signed in, they stay in the signed-in layout.
 */
export const OPEN_COOK_PATHS: readonly string[] = VISITOR_SCREEN_PATHS;

/** Whether `pathname` is a screen that needs no account. */
export function isOpenToVisitors(pathname: string): boolean {
  return OPEN_COOK_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}
