import * as React from 'react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { accountIdOf, session } from '@pitclock/contracts';
import type { CookAppProps as RemoteCookAppProps } from '@pitclock/contracts/remotes';
import { Spinner, useColorScheme } from '@pitclock/design-system';
import { registerReactInstance } from '../lib/register-react-instance';
import { cookStoreFor, firstOpened, useCookDispatch, type AccountStoreBundle } from '../store';
import { AlertCenter } from '../features/alerts';
import { isLegacyBackupKey } from '../features/backup/cloud-config';
// By its own path: the rest of features/push loads with the Settings and About screens.
import { OUTBOX_STORAGE_KEY } from '../features/push/outbox';
import { PushSync } from '../features/push/push-sync';
import { SyncStarter } from '../features/sync';
import { PublicLegalRoutes } from '../features/legal/public-legal-routes';
import { CookRoutes } from './cook-routes';
import { ServiceWorkerMessages } from './service-worker-messages';

registerReactInstance(React);

/** The props the shell passes (declared in contracts, which the shell's remotes.d.ts reads too). */
export type CookAppProps = RemoteCookAppProps<ReactNode>;

/**
 * The localStorage keys of older versions that now belong to an account: the first account to sign in
 * on the device claims them with the legacy database (store/account-store.ts).
 */
const isLegacyAccountKey = (key: string) => isLegacyBackupKey(key) || key === OUTBOX_STORAGE_KEY;

/**
 * The one store of the page, of the signed-in account (IndexedDB 'PitClock-u<id>'), created when the
 * remote renders for that account and kept across remounts; when another account signs in, the old
 * store is flushed and disposed and a new one made.
 */
export function getCookStore(accountId: string): AccountStoreBundle {
  return cookStoreFor(accountId, { isLegacyKey: isLegacyAccountKey });
}

/** The account of the stored token (read offline too); null while signed out. */
function useAccountId(): string | null {
  return useSyncExternalStore(session.subscribe, () => accountIdOf(session.getToken()));
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
 * router; builds and owns the signed-in account's persisted store (the shell never reaches into it).
 * Keyed by the account, so that no component keeps the store of an account that left. Without an account
 * it renders only the screens open to visitors (Terms and Privacy); the shell's login gate closes the rest.
 */
export function CookApp({ notFound }: CookAppProps) {
  const accountId = useAccountId();
  if (accountId === null) return <PublicLegalRoutes notFound={notFound} />;
  return <AccountCookApp key={accountId} accountId={accountId} notFound={notFound} />;
}

function AccountCookApp({ accountId, notFound }: CookAppProps & { accountId: string }) {
  const bundle = getCookStore(accountId);
  const { store, persistor } = bundle;
  return (
    <Provider store={store}>
      <StoredTheme />
      <PersistGate loading={<Spinner label="Loading your data" />} persistor={persistor}>
        <FirstOpenedRecorder />
        <AlertCenter />
        <ServiceWorkerMessages />
        <PushSync />
        <CookRoutes notFound={notFound} afterScreen={<SyncStarter accountId={accountId} bundle={bundle} />} />
      </PersistGate>
    </Provider>
  );
}
