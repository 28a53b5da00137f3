import { navLinks, type NavLink } from '@pitclock/contracts/screens';

export type NavItem = NavLink;

/**
 * The same links in the mobile menu and the desktop sidebar (SPEC.md section 2), from the screens the
 * remotes declare in contracts.
 */
export const mainNavItems: readonly NavItem[] = navLinks('main');

/** Shown only to admins. */
export const adminNavItems: readonly NavItem[] = navLinks('admin');
