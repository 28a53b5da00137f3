import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonConfigSchema, portVar, urlListVar } from '@pitclock/kit';
import { z } from 'zod';
import { defaultMaxBufferedBodyBytes, defaultMaxRequestBodyBytes } from './entry-points/http/request-body';

export const defaultWeatherHosts = ['https://geocoding-api.open-meteo.com', 'https://api.open-meteo.com'];
export const defaultBackupHosts = ['https://api.jsonbin.io'];

/** The monorepo root, where shell/dist, cook-app/dist and admin-console/dist are built. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * A service's instances: one http(s) base URL or a comma-separated list of them
 * ("http://auth-1:3001,http://auth-2:3001"). Every entry is validated; an empty entry or one listed twice
 * is an error naming its position (never its value: a URL may carry credentials). kit's urlListVar is not
 * used because it drops empty entries silently, which would hide a typo in a list of instances.
 */
export const upstreamUrlsVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const entries = value.split(',').map((entry) => entry.trim());
      const entry = (index: number) => (entries.length > 1 ? `entry ${index + 1} of ${entries.length} ` : '');
      let valid = true;
      entries.forEach((url, index) => {
        const problem =
          url === ''
            ? `${entry(index)}is empty: list http(s) URLs separated by single commas`
            : !httpUrl.safeParse(url).success
              ? `${entry(index)}must be an http(s) URL`
              : entries.indexOf(url) !== index
                ? `${entry(index)}repeats entry ${entries.indexOf(url) + 1}`
                : undefined;
        if (problem) {
          valid = false;
          ctx.addIssue({ code: 'custom', message: problem, input: value });
        }
      });
      return valid ? entries : z.NEVER;
    });

export const gatewayConfigSchema = commonConfigSchema
  .extend({
    PORT: portVar(8080),
    /** Takes precedence over PORT. */
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    AUTH_URL: upstreamUrlsVar('http://127.0.0.1:3001'),
    LICENSING_URL: upstreamUrlsVar('http://127.0.0.1:3002'),
    NOTIFIER_URL: upstreamUrlsVar('http://127.0.0.1:3003'),
    SYNC_URL: upstreamUrlsVar('http://127.0.0.1:3004'),
    WEATHER_HOSTS: urlListVar(defaultWeatherHosts),
    BACKUP_HOSTS: urlListVar(defaultBackupHosts),
    /** A folder holding shell/dist, cook-app/dist and admin-console/dist (default: the monorepo root). */
    STATIC_ROOT: z.string().min(1).default(repoRoot),
    SHELL_DIST: z.string().min(1).optional(),
    COOK_APP_DIST: z.string().min(1).optional(),
    ADMIN_CONSOLE_DIST: z.string().min(1).optional(),
    /**
     * No answer head from an instance within this long after the request went out: 504 (never retried);
     * no byte of an answer's body for this long cuts it. Checked to about half a second (undici's timers).
     */
    PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    /**
     * An event stream (GET /api/sync/events) with no byte from the instance for this long is cut, and the
     * client reconnects: it must stay above the stream's heartbeat (the sync service's SYNC_HEARTBEAT_MS,
     * 25 s). PROXY_TIMEOUT_MS bounds only the wait for its headers.
     */
    STREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    /** How long an instance whose connection failed (refused, reset, connect timeout) is skipped; 0: never. */
    UPSTREAM_COOLDOWN_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    /** Keep-alive connections the gateway keeps per instance URL (busy and idle); more requests wait for one. */
    UPSTREAM_MAX_SOCKETS: z.coerce.number().int().min(1).max(10_000).default(64),
    /** What the request bodies in flight may hold together (they are buffered to be retried); beyond: 503. */
    BUFFERED_BODIES_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(defaultMaxRequestBodyBytes)
      .max(1024 * 1024 * 1024)
      .default(defaultMaxBufferedBodyBytes),
  })
  .transform((env) => ({
    ...env,
    port: env.GATEWAY_PORT ?? env.PORT,
    staticRoots: {
      shell: resolve(env.SHELL_DIST ?? resolve(env.STATIC_ROOT, 'shell/dist')),
      cookApp: resolve(env.COOK_APP_DIST ?? resolve(env.STATIC_ROOT, 'cook-app/dist')),
      adminConsole: resolve(env.ADMIN_CONSOLE_DIST ?? resolve(env.STATIC_ROOT, 'admin-console/dist')),
    },
    upstreams: {
      auth: env.AUTH_URL,
      licensing: env.LICENSING_URL,
      notifier: env.NOTIFIER_URL,
      sync: env.SYNC_URL,
    },
  }));
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
