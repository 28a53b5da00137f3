import { baseConfigSchema, portVar } from '@pitclock/kit';
import { z } from 'zod';

const whole = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const syncConfigSchema = baseConfigSchema.extend({
  PORT: portVar(3004),
  /** A comment line on every open event stream this often, so that proxies keep it open. */
  SYNC_HEARTBEAT_MS: whole(25_000, 100, 600_000),
  /** How long a team invite code works (once). */
  TEAM_INVITE_TTL_HOURS: whole(24, 1, 24 * 30),
});
export type SyncConfig = z.infer<typeof syncConfigSchema>;

/** What the app needs of the configuration (main.ts passes the whole SyncConfig). */
export type SyncAppConfig = Pick<
  SyncConfig,
  | 'TRUST_PROXY'
  | 'REDIS_KEY_PREFIX'
  | 'JWT_SECRET'
  | 'JWT_AUDIENCE'
  | 'SYNC_HEARTBEAT_MS'
  | 'TEAM_INVITE_TTL_HOURS'
>;
