import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonConfigSchema, portVar, urlListVar } from '@pitclock/kit';
import { z } from 'zod';

export const defaultWeatherHosts = ['https://geocoding-api.open-meteo.com', 'https://api.open-meteo.com'];
export const defaultBackupHosts = ['https://api.jsonbin.io'];

/** The monorepo root, where shell/dist, cook-app/dist and admin-console/dist are built. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const gatewayConfigSchema = commonConfigSchema
  .extend({
    PORT: portVar(8080),
    /** Takes precedence over PORT. */
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    AUTH_URL: httpUrl.default('http://127.0.0.1:3001'),
    LICENSING_URL: httpUrl.default('http://127.0.0.1:3002'),
    NOTIFIER_URL: httpUrl.default('http://127.0.0.1:3003'),
    WEATHER_HOSTS: urlListVar(defaultWeatherHosts),
    BACKUP_HOSTS: urlListVar(defaultBackupHosts),
    /** A folder holding shell/dist, cook-app/dist and admin-console/dist (default: the monorepo root). */
    STATIC_ROOT: z.string().min(1).default(repoRoot),
    SHELL_DIST: z.string().min(1).optional(),
    COOK_APP_DIST: z.string().min(1).optional(),
    ADMIN_CONSOLE_DIST: z.string().min(1).optional(),
    PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  })
  .transform((env) => ({
    ...env,
    port: env.GATEWAY_PORT ?? env.PORT,
    staticRoots: {
      shell: resolve(env.SHELL_DIST ?? resolve(env.STATIC_ROOT, 'shell/dist')),
      cookApp: resolve(env.COOK_APP_DIST ?? resolve(env.STATIC_ROOT, 'cook-app/dist')),
      adminConsole: resolve(env.ADMIN_CONSOLE_DIST ?? resolve(env.STATIC_ROOT, 'admin-console/dist')),
    },
    upstreams: { auth: env.AUTH_URL, licensing: env.LICENSING_URL, notifier: env.NOTIFIER_URL },
  }));
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
