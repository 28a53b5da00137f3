import type { CookApp, CookAppProps } from 'cook_app/CookApp';
import type { AdminConsole, AdminConsoleProps } from 'admin_console/AdminConsole';
import { reloadFederatedModule } from '../lib/federation-reload';
import { remoteComponent } from '../lib/remote-component';

/** What the runtime's loadRemote answers: the exposed module's exports. */
type CookAppModule = { CookApp: typeof CookApp };
type AdminConsoleModule = { AdminConsole: typeof AdminConsole };

/** cook-app: the signed-in cook routes. */
export const CookAppRemote = remoteComponent<CookAppProps>(
  () => import('cook_app/CookApp').then((m) => m.CookApp),
  {
    reload: (attempt) =>
      reloadFederatedModule<CookAppModule>('cook_app', 'CookApp', attempt).then((m) => m.CookApp),
  },
);

/** admin-console: fetched only when an /admin/* route is opened. */
export const AdminConsoleRemote = remoteComponent<AdminConsoleProps>(
  () => import('admin_console/AdminConsole').then((m) => m.AdminConsole),
  {
    reload: (attempt) =>
      reloadFederatedModule<AdminConsoleModule>('admin_console', 'AdminConsole', attempt).then(
        (m) => m.AdminConsole,
      ),
  },
);
