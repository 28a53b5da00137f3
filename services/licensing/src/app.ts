import {
  createAuth,
  createServiceApp,
  createTokenGenerations,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import type { LicensingAppConfig } from './config';
import {
  createActivationCodesRepository,
  createAuditRepository,
  createAuthAdminClient,
  createCreditsRepository,
  createDevicesRepository,
  createPromoCodesRepository,
  createSigningKeysRepository,
} from './data-access';
import { checkAdmin } from './application/admins';
import { createLicenseKeys, type LicenseKeys } from './application/license-keys';
import { createLicensingRateLimits } from './application/rate-limits';
import { createActivationCodeHashes } from './domain/activation';
import { createRouter } from './entry-points/http/router';

export type AppDeps = {
  config: LicensingAppConfig;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  metrics?: Registry;
  clock?: () => Date;
  /** The licence signing key; made from the config and the database when omitted (main.ts loads it first). */
  keys?: LicenseKeys;
  /** The fetch used to ask the auth service (tests may count or fail calls). */
  fetch?: typeof globalThis.fetch;
};

export const createApp = ({
  config,
  database,
  redis,
  logger,
  version,
  metrics,
  clock = () => new Date(),
  keys,
  fetch,
}: AppDeps): Express => {
  const admins = createAuthAdminClient({
    authUrl: config.AUTH_URL,
    cacheMs: config.ADMIN_CHECK_CACHE_SECONDS * 1000,
    timeoutMs: config.AUTH_TIMEOUT_MS,
    fetch,
  });
  const auth = createAuth({
    secret: config.JWT_SECRET,
    audience: config.JWT_AUDIENCE,
    // A token issued before its user was deleted or re-roled (auth bumps the generation) is refused at once.
    generations: createTokenGenerations(redis.client, config.REDIS_KEY_PREFIX),
    // Admin rights come from the auth service (its database), asked with the caller's token.
    isAdmin: (_userId, token) => checkAdmin({ admins, logger }, token),
  });
  const router = createRouter({
    promoCodes: createPromoCodesRepository(database.db),
    devices: createDevicesRepository(database.db),
    credits: createCreditsRepository(database.db),
    activationCodes: createActivationCodesRepository(database.db),
    audit: createAuditRepository(database.db),
    activationCodeHashes: createActivationCodeHashes(config.JWT_SECRET),
    admins,
    auth,
    keys:
      keys ??
      createLicenseKeys({
        configuredPem: config.LICENSE_PRIVATE_KEY,
        signingKeys: createSigningKeysRepository(database.db),
        logger,
      }),
    limits: createLicensingRateLimits(redis.client, config),
    logger,
    clock,
    defaultLicenseDays: config.DEFAULT_LICENSE_DAYS,
    activationCodeTtlMinutes: config.ACTIVATION_CODE_TTL_MINUTES,
  });
  return createServiceApp({
    name: 'licensing',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    routers: [router],
  });
};
