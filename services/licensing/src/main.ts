import { startHttpService } from '@pitclock/kit';
import { createApp } from './app';
import { licensingConfigSchema } from './config';
import { createSigningKeysRepository, migrations } from './data-access';
import { createLicenseKeys } from './application/license-keys';

startHttpService({
  name: 'licensing',
  configSchema: licensingConfigSchema,
  migrations,
  createApp: async ({ config, logger, infra, version }) => {
    // The signing key is loaded (or generated and stored, at the very first start) before listening.
    const keys = createLicenseKeys({
      configuredPem: config.LICENSE_PRIVATE_KEY,
      signingKeys: createSigningKeysRepository(infra.database.db),
      logger,
    });
    await keys.current();
    return createApp({ config, database: infra.database, redis: infra.redis, logger, version, keys });
  },
});
