// The reader's locale for dates, times and units (issue 21, part 5): the device's (navigator.language,
// followed when the browser's language changes), or the one a provider above gives (tests, stories).
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/** The locale when the browser tells none. */
export const FALLBACK_LOCALE = 'en-US';

const LocaleOverride = createContext<string | null>(null);

/** Gives the components below this locale instead of the device's. */
export function DisplayLocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <LocaleOverride.Provider value={locale}>{children}</LocaleOverride.Provider>;
}

/** The device's locale now: the browser's first language, else FALLBACK_LOCALE. */
export function deviceLocale(): string {
  const language = typeof navigator === 'undefined' ? '' : navigator.language;
  return typeof language === 'string' && language !== '' ? language : FALLBACK_LOCALE;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** The locale to write dates, times and numbers in: a provider's, else the device's. */
export function useLocale(): string {
  const override = useContext(LocaleOverride);
  const device = useSyncExternalStore(subscribe, deviceLocale, () => FALLBACK_LOCALE);
  return override ?? device;
}
