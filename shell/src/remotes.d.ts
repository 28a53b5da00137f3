// Types of the federated modules. Their props are declared once in contracts and taken by the remotes'
// exposed components (cook-app/src/app/cook-app.tsx, admin-console/src/app/admin-console.tsx) as well,
// so the two sides cannot drift. The shell cannot import the remotes' files (package boundaries), and
// the federation plugin's generated types need a built and served remote before the shell typechecks.
declare module 'cook_app/CookApp' {
  import type { JSX, ReactNode } from 'react';
  import type { CookAppProps as Props } from '@pitclock/contracts/remotes';
  export type CookAppProps = Props<ReactNode>;
  export function CookApp(props: CookAppProps): JSX.Element;
}

declare module 'admin_console/AdminConsole' {
  import type { JSX, ReactNode } from 'react';
  import type { AdminConsoleProps as Props } from '@pitclock/contracts/remotes';
  export type AdminConsoleProps = Props<ReactNode>;
  export function AdminConsole(props: AdminConsoleProps): JSX.Element;
}

declare module 'virtual:pitclock/remote-preload' {
  /** The cook-app files a signed-in first load of a cook screen needs (shell/build/remote-preload.ts). */
  export const COOK_APP_FIRST_LOAD: readonly string[];
}
