// Types of the federated modules. They restate the props exported by the remotes' exposed files
// (cook-app/src/app/cook-app.tsx, admin-console/src/app/admin-console.tsx); the shell cannot import
// those files (package boundaries), and the plugin's generated types need a served remote.
declare module 'cook_app/CookApp' {
  import type { JSX, ReactNode } from 'react';
  export type CookAppProps = { notFound?: ReactNode };
  export function CookApp(props: CookAppProps): JSX.Element;
}

declare module 'admin_console/AdminConsole' {
  import type { JSX, ReactNode } from 'react';
  export type AdminConsoleProps = { notFound?: ReactNode };
  export function AdminConsole(props: AdminConsoleProps): JSX.Element;
}
