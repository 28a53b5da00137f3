// Test helpers of the promo screen, on the cook screens' shared ones: the screen at /promo with the real
// store, and, for any other path, an <output data-testid="location"> with the path it went to and how
// (data-navigation: PUSH or REPLACE).
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cookStore, NOW, type TestBundle } from '../../lib/test-support';
import { PromoScreen } from './promo-screen';

export { cookStore, NOW, type TestBundle } from '../../lib/test-support';
export {
  createTestLicenseKey,
  licenseClaims,
  pointApiAtClosedPort,
  startApi,
  storeLicense,
  type LicenseClaims,
  type TestLicenseKey,
} from '../../lib/license-gate.test-support';

function Landed() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="location" data-navigation={useNavigationType()}>
      {pathname + search}
    </output>
  );
}

/**
 * Renders the promo screen at `path` (default /promo) inside a router, with a fresh cook store; its clock
 * at NOW and its time zone UTC.
 */
export async function renderPromo(path = '/promo', bundle?: TestBundle) {
  const { store } = bundle ?? (await cookStore());
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/promo" element={<PromoScreen now={() => NOW} timeZone="UTC" />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { user, ...view };
}
