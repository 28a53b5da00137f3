import { describe, expect, it } from 'vitest';
import * as contracts from '../index';

describe('device licence surface of @pitclock/contracts', () => {
  it('exports the names the shell and the cook-app code against', () => {
    const names = [
      'LICENCE_KEYS',
      'LICENCE_GRACE_MS',
      'LICENCE_WARN_MS',
      'LICENCE_RECHECK_MS',
      'LICENCE_LIMITED_TEXT',
      'licenceBannerState',
      'parseLicenceExpiry',
      'createLicenceStore',
      'licence',
      'deviceLicenceStatus',
      'fetchLicencePublicKey',
      'checkLicenceOnline',
    ];
    for (const name of names) expect(contracts, name).toHaveProperty(name);
  });
});
