import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** The stored preference: an explicit theme, or follow the operating system. */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';

/** localStorage key shared with the rest of the app (SPEC.md: 'darkMode' = 'true' | 'false'). */
export const THEME_STORAGE_KEY = 'darkMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/** Reads the stored choice: 'true' -> dark, 'false' -> light, anything else (or no storage) -> system. */
export function readThemeChoice(storage: ReadableStorage | null | undefined): ThemeChoice {
  let value: string | null = null;
  try {
    value = storage?.getItem(THEME_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw (private mode, disabled cookies): treat as no stored choice.
  }
  if (value === 'true') return 'dark';
  if (value === 'false') return 'light';
  return 'system';
}

/** Stores the choice ('system' removes the key so the system preference applies again). */
export function writeThemeChoice(storage: WritableStorage | null | undefined, choice: ThemeChoice): void {
  try {
    if (choice === 'system') storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, choice === 'dark' ? 'true' : 'false');
  } catch {
    // Ignore storage failures; the theme still applies for this session.
  }
}

/**
 * Applies the choice to the root element: data-theme="light"/"dark" for an explicit choice, none
 * for 'system' (the stylesheet's prefers-color-scheme media query then decides).
 */
export function applyTheme(choice: ThemeChoice, root: HTMLElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/** Resolves a choice to the scheme actually shown, given whether the system prefers dark. */
export function resolveScheme(choice: ThemeChoice, systemPrefersDark: boolean): ColorScheme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

function getLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function subscribeSystem(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const mql = window.matchMedia(DARK_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function getSystemPrefersDark(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(DARK_QUERY).matches;
}

export type UseColorSchemeResult = {
  /** The scheme being shown. */
  scheme: ColorScheme;
  /** The stored choice. */
  choice: ThemeChoice;
  /** Stores the choice under 'darkMode' and applies it to <html>. */
  setChoice: (choice: ThemeChoice) => void;
};

/**
 * Theme state for the app: reads localStorage 'darkMode', follows the system through matchMedia
 * when nothing is stored, and keeps data-theme on <html> in step.
 */
export function useColorScheme(): UseColorSchemeResult {
  const [choice, setChoiceState] = useState<ThemeChoice>(() => readThemeChoice(getLocalStorage()));
  const systemPrefersDark = useSyncExternalStore(subscribeSystem, getSystemPrefersDark, () => false);

  useEffect(() => {
    if (typeof document !== 'undefined') applyTheme(choice, document.documentElement);
  }, [choice]);

  useEffect(() => {
    // Another tab changed the stored choice.
    if (typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null)
        setChoiceState(readThemeChoice(getLocalStorage()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setChoice = useCallback((next: ThemeChoice) => {
    writeThemeChoice(getLocalStorage(), next);
    setChoiceState(next);
  }, []);

  return { scheme: resolveScheme(choice, systemPrefersDark), choice, setChoice };
}
