import { createRateLimit, type RateLimit, type RedisHandle } from '@pitclock/kit';
import type { LicensingAppConfig } from '../config';

export type LicensingRateLimits = { redeemPerUser: RateLimit; activatePerUser: RateLimit };

const tooMany = (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`;

/** Counters in Redis under the service's key prefix, so they hold across every instance. */
export const createLicensingRateLimits = (
  redis: RedisHandle['client'],
  config: Pick<LicensingAppConfig, 'REDEEM_LIMIT_PER_USER_PER_MINUTE' | 'ACTIVATE_LIMIT_PER_USER_PER_MINUTE'>,
): LicensingRateLimits => ({
  redeemPerUser: createRateLimit({
    redis,
    name: 'redeem-user',
    points: config.REDEEM_LIMIT_PER_USER_PER_MINUTE,
    durationSeconds: 60,
    message: tooMany,
  }),
  activatePerUser: createRateLimit({
    redis,
    name: 'activate-user',
    points: config.ACTIVATE_LIMIT_PER_USER_PER_MINUTE,
    durationSeconds: 60,
    message: tooMany,
  }),
});
