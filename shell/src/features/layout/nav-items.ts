export type NavItem = { to: string; label: string };

/** The same links in the mobile menu and the desktop sidebar (SPEC.md section 2). */
export const mainNavItems: readonly NavItem[] = [
  { to: '/contests', label: 'Cook-offs' },
  { to: '/templates', label: 'Templates' },
  { to: '/categories', label: 'Categories' },
  { to: '/settings', label: 'Settings' },
  { to: '/about', label: 'About' },
];

/** Shown only to admins. */
export const adminNavItems: readonly NavItem[] = [
  { to: '/admin/promo-codes', label: 'Promo Codes' },
  { to: '/admin/licenses', label: 'Licenses' },
  { to: '/admin/signup-events', label: 'Signup Events' },
  { to: '/admin/users', label: 'Users' },
];
