import { createRateLimit, type RateLimit } from '@pitclock/kit';
import type { Redis } from 'ioredis';
import type { AuthAppConfig } from '../../config';

export type AuthRateLimits = {
  loginPerIp: RateLimit;
  loginPerEmail: RateLimit;
  /** A point is taken before each password check and given back when it succeeds. */
  loginFailuresPerEmail: RateLimit;
  registerPerIp: RateLimit;
};

const signIn = (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} seconds.`;
const signUp = (seconds: number) => `Too many sign-up attempts. Try again in ${seconds} seconds.`;

/** Counters in Redis under the service's key prefix, so they hold across every instance. */
export const createAuthRateLimits = (redis: Redis, config: AuthAppConfig): AuthRateLimits => ({
  loginPerIp: createRateLimit({
    redis,
    name: 'login-ip',
    points: config.LOGIN_LIMIT_PER_IP_PER_MINUTE,
    durationSeconds: 60,
    message: signIn,
  }),
  loginPerEmail: createRateLimit({
    redis,
    name: 'login-email',
    points: config.LOGIN_LIMIT_PER_EMAIL_PER_MINUTE,
    durationSeconds: 60,
    message: signIn,
  }),
  loginFailuresPerEmail: createRateLimit({
    redis,
    name: 'login-failures',
    points: config.LOGIN_FAILURES_PER_EMAIL_PER_HOUR,
    durationSeconds: 3_600,
    message: signIn,
  }),
  registerPerIp: createRateLimit({
    redis,
    name: 'register-ip',
    points: config.REGISTER_LIMIT_PER_IP_PER_MINUTE,
    durationSeconds: 60,
    message: signUp,
  }),
});
