// Test helpers of the Cook-offs screen, on the cook screens' shared ones.
import { NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
import { ContestsScreen } from './contests-screen';

export { cookStore, NOW, renderWithStore, type TestBundle } from '../../lib/test-support';

export function renderScreen(bundle: TestBundle) {
  return renderWithStore(bundle, <ContestsScreen now={() => NOW} timeZone="UTC" />, { path: '/contests' });
}
