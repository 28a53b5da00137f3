// Test helpers of the Cook-offs screen, on the cook screens' shared ones.
import { NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
import { createTestLicenseKey, type TestLicenseKey } from '../../lib/license-gate.test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { ContestsScreen, type ContestsScreenProps } from './contests-screen';
// The screen loads its forms when first opened; loaded here with the test file, so that the first test to
// open one does not spend its time on their transform (they still come asynchronously: findBy...).
import './add-contest-modal';
import './contest-edit-row';

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
