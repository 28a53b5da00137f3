import { createContext, useContext, type ReactNode } from 'react';
import { api, type ApiClient } from '@pitclock/contracts';

const ApiContext = createContext<ApiClient>(api);

/** Gives the pages below a client of their own (tests pass one bound to a local server). */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The HTTP client: the app's `api` from contracts unless an ApiProvider gives another. */
export function useApi(): ApiClient {
  return useContext(ApiContext);
}
