import { createRateLimit, type RateLimit } from '@pitclock/kit';
import type { Redis } from 'ioredis';
import type { AuthAppConfig } from '../config';
import { clientNetwork } from '../domain/client-network';

/** An attempt that passed the limits; tell it when the password turned out right. */
export type LoginAttempt = { succeeded: () => Promise<void> };

export type LoginClient = {
  /** emailKey() of the address tried, known account or not (a 429 must not reveal which exist). */
  email: string;
  ip: string;
  deviceId: string | undefined;
};

export type AuthRateLimits = {
  /**
   * Takes the sign-in limits of one attempt before its password is checked (throws the 429, or a 503
   * without Redis). Each failure limit reserves a point now and gives it back when the password is right,
   * so concurrent attempts cannot check more passwords than the limits allow.
   */
  beginLogin: (client: LoginClient) => Promise<LoginAttempt>;
  registerPerIp: RateLimit;
};

const signIn = (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} seconds.`;
const signUp = (seconds: number) => `Too many sign-up attempts. Try again in ${seconds} seconds.`;
const HOUR = 3_600;

/** A 429 from a limit (not a 503 from Redis). */
const isTooMany = (err: unknown) => (err as { status?: unknown } | null)?.status === 429;

/**
 * The sign-in policy (README, "Sign-in limits"), after OWASP's authentication guidance: failures are
 * counted per client and per account + client, so guessing stays throttled; an account's own failure
 * count never locks its owner out, it only leaves each address one failure an hour on that account.
 * Counters live in Redis under the service's key prefix, so they hold across every instance.
 */
export const createAuthRateLimits = (redis: Redis, config: AuthAppConfig): AuthRateLimits => {
  const limit = (name: string, points: number, durationSeconds: number) =>
    createRateLimit({ redis, name, points, durationSeconds, message: signIn });
  const attemptsPerIp = limit('login-ip', config.LOGIN_LIMIT_PER_IP_PER_MINUTE, 60);
  const failuresPerIp = limit('login-failures-ip', config.LOGIN_FAILURES_PER_IP_PER_HOUR, HOUR);
  const failuresPerClient = limit('login-failures-client', config.LOGIN_FAILURES_PER_CLIENT_PER_HOUR, HOUR);
  const failuresPerEmail = limit('login-failures', config.LOGIN_FAILURES_PER_EMAIL_PER_HOUR, HOUR);
  const failuresUnderAttack = limit('login-failures-attacked', 1, HOUR);

  const beginLogin = async ({ email, ip, deviceId = '' }: LoginClient): Promise<LoginAttempt> => {
    const network = clientNetwork(ip);
    const client = `${email}\n${network}\n${deviceId}`;
    const address = `${email}\n${network}`;
    await attemptsPerIp.consume(network);
    const reserved: [RateLimit, string][] = [];
    const reserve = async (rule: RateLimit, key: string) => {
      await rule.consume(key);
      reserved.push([rule, key]);
    };
    await reserve(failuresPerIp, network);
    await reserve(failuresPerClient, client);
    try {
      await reserve(failuresPerEmail, email);
    } catch (err) {
      if (!isTooMany(err)) throw err;
      // Under attack: this address may fail once an hour on the account, whatever its device id.
      await reserve(failuresUnderAttack, address);
    }
    return {
      succeeded: async () => {
        for (const [rule, key] of reserved) await rule.reward(key);
      },
    };
  };

  return {
    beginLogin,
    registerPerIp: createRateLimit({
      redis,
      name: 'register-ip',
      points: config.REGISTER_LIMIT_PER_IP_PER_MINUTE,
      durationSeconds: 60,
      message: signUp,
    }),
  };
};
