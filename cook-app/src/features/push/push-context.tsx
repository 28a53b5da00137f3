// What the push components use of the page: the browser's push and the outbox. A test provides its own
// (a fake PushManager, an outbox on its own storage and clock); the app uses the page's.
import { createContext, useContext, type ReactNode } from 'react';
import { getPushOutbox, type Outbox } from './outbox';
import { pagePush, type PushBrowser } from './push-browser';

export type PushServices = { browser: PushBrowser; outbox: Outbox };

const PushContext = createContext<PushServices | null>(null);

let pageServices: PushServices | undefined;

export function PushProvider({ value, children }: { value: PushServices; children?: ReactNode }) {
  return <PushContext.Provider value={value}>{children}</PushContext.Provider>;
}

/** The provided push services, else the page's (one object, so effects depending on it run once). */
export function usePushServices(): PushServices {
  const provided = useContext(PushContext);
  if (provided) return provided;
  pageServices ??= { browser: pagePush(), outbox: getPushOutbox() };
  return pageServices;
}
