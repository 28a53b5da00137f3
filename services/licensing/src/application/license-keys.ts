import type { Logger } from '@pitclock/kit';
import type { SigningKeysRepository } from '../data-access';
import { generateLicenseKeyPem, licenseKeyFromPem, once, type LicenseKey } from '../domain/license-token';

export type LicenseKeys = {
  /** The signing key: LICENSE_PRIVATE_KEY, else the one stored in the database (created at first need). */
  current: () => Promise<LicenseKey>;
};

export const createLicenseKeys = ({
  configuredPem,
  signingKeys,
  logger,
}: {
  configuredPem: string | undefined;
  signingKeys: SigningKeysRepository;
  logger: Logger;
}): LicenseKeys => ({
  current: once(async () => {
    if (configuredPem) {
      const key = await licenseKeyFromPem(configuredPem);
      logger.info({ kid: key.kid, source: 'LICENSE_PRIVATE_KEY' }, 'licence signing key loaded');
      return key;
    }
    const row = await signingKeys.loadOrCreate(async () => {
      const pem = generateLicenseKeyPem();
      const key = await licenseKeyFromPem(pem.privateKeyPem);
      logger.info(
        { kid: key.kid },
        'no licence signing key yet: generated one and stored it in the database',
      );
      return { kid: key.kid, alg: key.alg, privateKeyPem: pem.privateKeyPem, publicKeyPem: pem.publicKeyPem };
    });
    const key = await licenseKeyFromPem(row.privateKeyPem);
    logger.info({ kid: key.kid, source: 'database' }, 'licence signing key loaded');
    return key;
  }),
});
