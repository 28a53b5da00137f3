import * as React from 'react';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { CookAppProps as RemoteCookAppProps } from '@pitclock/contracts/remotes';
import { Spinner, useColorScheme } from '@pitclock/design-system';
import { registerReactInstance } from '../lib/register-react-instance';
import { createCookStore, firstOpened, useCookDispatch, type CookStoreBundle } from '../store';
import { AlertCenter } from '../features/alerts';
// By its own path: the rest of features/push loads with the Settings and About screens.
import { PushSync } from '../features/push/push-sync';
import { CookRoutes } from './cook-routes';
import { ServiceWorkerMessages } from './service-worker-messages';

registerReactInstance(React);

/** The props the shell passes (declared in contracts, which the shell's remotes.d.ts reads too). */
export type CookAppProps = RemoteCookAppProps<ReactNode>;

let cookStore: CookStoreBundle | undefined;

/**
 * The one store of the page (IndexedDB 'PitClock'), created when the remote first renders and kept
 * across remounts: two stores writing the same database would overwrite each other.
 */
export function getCookStore(): CookStoreBundle {
  cookStore ??= createCookStore();
  return cookStore;
}

function FirstOpenedRecorder() {
  const dispatch = useCookDispatch();
  useEffect(() => {
    dispatch(firstOpened(new Date().toISOString()));
  }, [dispatch]);
  return null;
}

/**
 * Applies the dark-mode choice stored on the device (Settings) to <html> and follows other tabs: nothing
 * else on the signed-in screens reads it at start.
 */
function StoredTheme() {
  useColorScheme();
  return null;
}

/**
 * The signed-in cook screens, exposed to the shell as 'cook_app/CookApp'. Renders inside the shell's
 * router; builds and owns its persisted store (the shell never reaches into it).
 */
export function CookApp({ notFound }: CookAppProps) {
  const { store, persistor } = getCookStore();
  return (
    <Provider store={store}>
      <StoredTheme />
      <PersistGate loading={<Spinner label="Loading your data" />} persistor={persistor}>
        <FirstOpenedRecorder />
        <AlertCenter />
        <ServiceWorkerMessages />
        <PushSync />
        <CookRoutes notFound={notFound} />
      </PersistGate>
    </Provider>
  );
}
