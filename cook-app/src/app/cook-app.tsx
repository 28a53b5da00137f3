import * as React from 'react';
import { useEffect, type ReactNode } from 'react';
import { Provider, useDispatch } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '@pitclock/design-system';
import { registerReactInstance } from '../lib/register-react-instance';
import { firstOpened } from './app-meta-slice';
import { CookRoutes } from './cook-routes';
import { getCookStore } from './store';

registerReactInstance(React);

export type CookAppProps = {
  /** Shown for a path that none of the cook routes matches. */
  notFound?: ReactNode;
};

function FirstOpenedRecorder() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(firstOpened(new Date().toISOString()));
  }, [dispatch]);
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
      <PersistGate loading={<Spinner label="Loading your data" />} persistor={persistor}>
        <FirstOpenedRecorder />
        <CookRoutes notFound={notFound} />
      </PersistGate>
    </Provider>
  );
}
