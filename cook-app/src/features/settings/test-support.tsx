// Test helpers of Settings: the screen inside a router at /settings, with a cook store (the Units section
// keeps the account's settings there); any other path renders an <output data-testid="location"> with
// where it went.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testStore } from '../../store/test-helpers';
import type { StorageManagerLike } from './use-storage-status';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function renderAtSettings(ui: ReactElement, bundle = testStore()) {
  const user = userEvent.setup();
  const view = render(
    <Provider store={bundle.store}>
      <MemoryRouter initialEntries={['/settings']}>
        <Routes>
          <Route path="/settings" element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { user, bundle, ...view };
}

/** A navigator.storage stand-in: an estimate, whether persisted, and what persist() answers. */
export function fakeStorageManager({
  usage = 1536,
  quota = 2 * 1024 ** 3,
  persisted = false,
  persist = async () => true,
}: {
  usage?: number;
  quota?: number;
  persisted?: boolean;
  persist?: () => Promise<boolean>;
} = {}) {
  const manager = {
    persistCalls: 0,
    estimate: async () => ({ usage, quota }),
    persisted: async () => persisted,
    persist: async () => {
      manager.persistCalls += 1;
      return persist();
    },
  } satisfies StorageManagerLike & { persistCalls: number };
  return manager;
}
