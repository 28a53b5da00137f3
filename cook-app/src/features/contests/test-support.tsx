// Test helpers of the Cook-offs screen, on the cook screens' shared ones.
import { NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
import { createTestLicenceKey, type TestLicenceKey } from '../../lib/licence-gate.test-support';
import { ContestsScreen, type ContestsScreenProps } from './contests-screen';

export { cookStore, NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
export { licenceClaims, startApi, storeLicence, tamper } from '../../lib/licence-gate.test-support';

let key: Promise<TestLicenceKey> | undefined;
/** One licensing key pair per test file (generating one takes a moment). */
export function licenceKey(): Promise<TestLicenceKey> {
  key ??= createTestLicenceKey();
  return key;
}

export function renderScreen(bundle: TestBundle, props: Partial<ContestsScreenProps> = {}) {
  return renderWithStore(bundle, <ContestsScreen now={() => NOW} timeZone="UTC" {...props} />, {
    path: '/contests',
  });
}
