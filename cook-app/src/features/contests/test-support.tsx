// Test helpers of the Cook-offs screen, on the cook screens' shared ones.
import { NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
import { createTestLicenseKey, type TestLicenseKey } from '../../lib/license-gate.test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { ContestsScreen, type ContestsScreenProps } from './contests-screen';

export { cookStore, NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
export { licenseClaims, startApi, storeLicense, tamper } from '../../lib/license-gate.test-support';

let key: Promise<TestLicenseKey> | undefined;
/** One licensing key pair per test file (generating one takes a moment). */
export function licenseKey(): Promise<TestLicenseKey> {
  key ??= createTestLicenseKey();
  return key;
}

export function renderScreen(bundle: TestBundle, props: Partial<ContestsScreenProps> = {}) {
  // Times read as in en-GB ('14:00'), whatever the test machine's locale.
  return renderWithStore(
    bundle,
    <DisplayLocaleProvider locale="en-GB">
      <ContestsScreen now={() => NOW} timeZone="UTC" {...props} />
    </DisplayLocaleProvider>,
    { path: '/contests' },
  );
}
