// The signed-in screens of SPEC.md section 2, declared once: the remote that renders a screen maps its
// path to an element (cook-app/src/app/cook-routes.tsx, admin-console/src/app/admin-routes.tsx), and the
// shell derives from the same lists which paths sit behind the login gate, which remote renders them and
// the navigation. Adding a screen: one entry here and its element in the remote. Plain data: no zod, so
// the first screen's bundle stays small.

/** The two link lists of the signed-in layout: the main links, and the Admin group (admins only). */
export type NavGroup = 'main' | 'admin';

export type Screen = {
  /** Absolute path (react-router pattern): the shell mounts each remote at '*'. */
  readonly path: string;
  /** The screen's title (SPEC.md section 2). */
  readonly title: string;
  /**
   * Behind the login gate. Always true: the shell mounts the remotes inside its RequireAuth, and the
   * public pages (/, /login, /signup) are the shell's own. A public remote screen would first need a
   * public mount in the shell's app-routes.tsx.
   */
  readonly signIn: true;
  /**
   * Also readable without an account (issue 21: Terms and Privacy, from the welcome page and the sign-up
   * form): the shell renders it for a visitor in the public layout; signed in it is like any other.
   */
  readonly openToVisitors?: true;
  /** Its link in the navigation, if it has one (in the order of the list). */
  readonly nav?: { readonly label: string; readonly group: NavGroup };
};

/** The cook routes, rendered by cook-app. */
export const COOK_SCREENS = [
  { path: '/contests', title: 'Cook-off', signIn: true, nav: { label: 'Cook-offs', group: 'main' } },
  { path: '/contests/:id/steps', title: 'Run', signIn: true },
  { path: '/contests/:contestId/runs/:runId/steps', title: 'Run', signIn: true },
  { path: '/templates', title: 'Templates', signIn: true, nav: { label: 'Templates', group: 'main' } },
  { path: '/templates/:id/steps', title: 'Template Steps', signIn: true },
  { path: '/categories', title: 'Categories', signIn: true, nav: { label: 'Categories', group: 'main' } },
  { path: '/team', title: 'Team', signIn: true, nav: { label: 'Team', group: 'main' } },
  { path: '/settings', title: 'Settings', signIn: true, nav: { label: 'Settings', group: 'main' } },
  { path: '/privacy', title: 'Privacy Policy', signIn: true, openToVisitors: true },
  { path: '/terms', title: 'Terms of Service', signIn: true, openToVisitors: true },
  { path: '/about', title: 'About', signIn: true, nav: { label: 'About', group: 'main' } },
  { path: '/promo', title: 'Promo Code', signIn: true },
] as const satisfies readonly Screen[];

/** The admin routes, rendered by admin-console for admins only (the server checks every call again). */
export const ADMIN_SCREENS = [
  {
    path: '/admin/promo-codes',
    title: 'Promo Codes',
    signIn: true,
    nav: { label: 'Promo Codes', group: 'admin' },
  },
  { path: '/admin/licenses', title: 'Licenses', signIn: true, nav: { label: 'Licenses', group: 'admin' } },
  {
    path: '/admin/signup-events',
    title: 'Signup Events',
    signIn: true,
    nav: { label: 'Signup Events', group: 'admin' },
  },
  { path: '/admin/users', title: 'Users', signIn: true, nav: { label: 'Users', group: 'admin' } },
  { path: '/admin/audit', title: 'Audit Trail', signIn: true, nav: { label: 'Audit Trail', group: 'admin' } },
  { path: '/admin/diagnostics', title: 'Diagnostics', signIn: true },
] as const satisfies readonly Screen[];

export type CookScreenPath = (typeof COOK_SCREENS)[number]['path'];

/** The cook screens a visitor may read before signing up. */
export const VISITOR_SCREEN_PATHS: readonly string[] = COOK_SCREENS.filter(
  (screen: Screen) => screen.openToVisitors === true,
).map((screen) => screen.path);
export type AdminScreenPath = (typeof ADMIN_SCREENS)[number]['path'];

export type NavLink = { readonly to: string; readonly label: string };

/** The links of one navigation group, in the order of the screen lists (cook screens first). */
export function navLinks(group: NavGroup): NavLink[] {
  const screens: readonly Screen[] = [...COOK_SCREENS, ...ADMIN_SCREENS];
  return screens.flatMap(({ path, nav }) => (nav?.group === group ? [{ to: path, label: nav.label }] : []));
}
