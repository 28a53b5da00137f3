import type { CookAppProps } from 'cook_app/CookApp';
import type { AdminConsoleProps } from 'admin_console/AdminConsole';
import { remoteComponent } from '../lib/remote-component';

/** cook-app: the signed-in cook routes. */
export const CookAppRemote = remoteComponent<CookAppProps>(() =>
  import('cook_app/CookApp').then((m) => m.CookApp),
);

/** admin-console: fetched only when an /admin/* route is opened. */
export const AdminConsoleRemote = remoteComponent<AdminConsoleProps>(() =>
  import('admin_console/AdminConsole').then((m) => m.AdminConsole),
);
