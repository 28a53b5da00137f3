import { describe, expect, it } from 'vitest';
import * as contracts from '../index';

describe('device licence surface of @pitclock/contracts', () => {
  it('exports the names the shell and the cook-app code against', () => {
    const names = [
      'LICENSE_KEYS',
      'LICENSE_GRACE_MS',
      'LICENSE_WARN_MS',
      'LICENSE_RECHECK_MS',
      'LICENSE_LIMITED_TEXT',
      'LICENSE_REVOKED_TEXT',
      'licenseBannerState',
      'parseLicenseExpiry',
      'createLicenseStore',
      'license',
      'deviceLicenseStatus',
      'fetchLicensePublicKey',
      'checkLicenseOnline',
    ];
    for (const name of names) expect(contracts, name).toHaveProperty(name);
  });
});
