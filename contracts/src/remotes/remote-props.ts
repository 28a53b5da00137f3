// The props of the components the remotes expose through Module Federation, declared once: the remote's
// exposed component takes them (cook-app/src/app/cook-app.tsx, admin-console/src/app/admin-console.tsx)
// and the shell's declaration of the federated modules (shell/src/remotes.d.ts) gives them to the shell,
// so the two sides cannot drift. `Node` is React's ReactNode: contracts stays free of React (the front
// ends pass it in). Types only: nothing of this module reaches a bundle.
import type { ApiClient } from '../http/api-client';

/** Props of 'cook_app/CookApp'. */
export type CookAppProps<Node> = {
  /** Shown for a path that none of the cook routes matches. */
  notFound?: Node;
};

/** Props of 'admin_console/AdminConsole'. */
export type AdminConsoleProps<Node> = {
  /** Shown for a path that none of the admin routes matches. */
  notFound?: Node;
  /** The HTTP client of the admin calls (default the app's `api`; tests pass one for their server). */
  client?: ApiClient;
};
